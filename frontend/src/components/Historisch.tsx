import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from './Button';
import { DataTable } from './DataTable';
import { Dialog } from './Dialog';
import { Laden } from './Laden';
import { VerlaufTabelle, zeitpunkt, type VerlaufEintrag } from './Verlauf';
import { amVon, OFFENES_ENDE, versionsSpalten, type VersionsDaten } from './Versionsspalten';
import { formatDate } from '@/lib/format';

// The history of a file's object (operation, plant): the Historie popup with its versions, and
// the banner above a version or a Stand that is not the current record (spec 000 §2).

export const ZURUECK_AKTUELL = 'Zurück zum aktuellen Datensatz';
/** Query parameter of a version chosen in the Historie popup (its index in the history, oldest first). */
export const HISTORIE_PARAM = 'historie';
/** Query parameter of a Stand shown on the Verlauf (the event version). */
export const STAND_PARAM = 'stand';

/**
 * The event version of ?stand on a Verlauf, or null for the list: only a whole number is a
 * version; a day (yyyy-MM-dd) is the file shown as of a date (lib/stand.ts), whose Verlauf is
 * the list of every event.
 */
export function versionAus(params: URLSearchParams): number | null {
  const v = params.get(STAND_PARAM);
  return v !== null && /^\d+$/.test(v) ? Number(v) : null;
}

/** Opens version index of the Historie read-only (?historie=<index>, read mode); the current one stays as it is. */
export function useVersionAnzeigen() {
  const [, setParams] = useSearchParams();
  return (index: number, aktuell: boolean | null | undefined) => {
    if (aktuell) return;
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('modus', 'l');
      n.set(HISTORIE_PARAM, String(index));
      return n;
    });
  };
}

/** The banner above a version that is not the current one. */
export function HistorischBanner({ children, aktionen }: { children: ReactNode; aktionen: ReactNode }) {
  return (
    <div role="region" aria-label="Historischer Datensatz" className="flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3">
      <div className="text-sm">{children}</div>
      <div className="flex flex-wrap gap-2">{aktionen}</div>
    </div>
  );
}

type Zeile<V> = V & { index: number };

export interface HistorieDialogProps<V extends VersionsDaten> {
  titel: string;
  /** The versions, oldest first (GET …/historie); undefined while loading. */
  versionen: V[] | undefined;
  /** The object's own columns between the dates and the reason (e.g. Bezeichnung). */
  spalten: ColumnDef<Zeile<V>, unknown>[];
  /** A version was chosen: its index in the (oldest-first) history. */
  onAnzeigen: (index: number, version: V) => void;
  onClose: () => void;
}

/** The dated versions, newest first; 'aktuell' marks the current one; 'Anzeigen' opens one read-only. */
export function HistorieDialog<V extends VersionsDaten>({ titel, versionen, spalten, onAnzeigen, onClose }: HistorieDialogProps<V>) {
  const zeilen = useMemo<Zeile<V>[]>(() => (versionen ?? []).map((v, index) => ({ ...v, index })).reverse(), [versionen]);
  const columns = useMemo<ColumnDef<Zeile<V>, unknown>[]>(
    () => [
      ...versionsSpalten<Zeile<V>>(spalten),
      {
        id: 'aktion',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: v } }) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-label={`Version gültig ab ${formatDate(v.gueltigAb)} anzeigen`}
            onClick={() => onAnzeigen(v.index, v)}
          >
            Anzeigen
          </Button>
        ),
      },
    ],
    [onAnzeigen, spalten],
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Historie: ${titel}`}
      width={1240}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Schließen
        </Button>
      }
    >
      {versionen === undefined ? (
        <Laden />
      ) : (
        <DataTable<Zeile<V>> caption="Versionen" captionHidden columns={columns} data={zeilen} getRowId={(v) => String(v.index)} />
      )}
    </Dialog>
  );
}

export interface HistorischeVersionProps<V extends VersionsDaten> {
  /** The screen's heading ('Betriebsdaten', 'Anlagendaten') and its id. */
  titel: string;
  titelId: string;
  /** The chosen version; undefined: there is none with that index. */
  version: V | undefined;
  /** The object of the version, read-only. */
  children: (version: V) => ReactNode;
}

/** A version of the Historie popup, read-only, with the way back to the current record (drops ?historie, read mode). */
export function HistorischeVersion<V extends VersionsDaten>({ titel, titelId, version, children }: HistorischeVersionProps<V>) {
  const [, setParams] = useSearchParams();
  const zurueck = () =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete(HISTORIE_PARAM);
      n.set('modus', 'l');
      return n;
    });
  const zurueckKnopf = <Button onClick={zurueck}>{ZURUECK_AKTUELL}</Button>;
  return (
    <section aria-labelledby={titelId} className="space-y-4">
      <h1 id={titelId} className="text-2xl font-semibold">
        {titel}
      </h1>
      {!version ? (
        <HistorischBanner aktionen={zurueckKnopf}>Diese Version gibt es nicht.</HistorischBanner>
      ) : (
        <>
          <HistorischBanner aktionen={zurueckKnopf}>
            <p className="font-semibold">
              Historische Version: gültig ab {formatDate(version.gueltigAb)}
              {version.gueltigBis && version.gueltigBis !== OFFENES_ENDE ? ` bis ${formatDate(version.gueltigBis)}` : ''}
            </p>
            {(version.geaendertAm || version.geaendertVon || version.aenderungsgrund) && (
              <p>
                Eröffnet {amVon(version.geaendertAm, version.geaendertVon)}
                {version.aenderungsgrund ? ` — ${version.aenderungsgrund}` : ''}
              </p>
            )}
            {(version.korrigiertAm || version.korrigiertVon) && (
              <p>Zuletzt korrigiert {amVon(version.korrigiertAm, version.korrigiertVon)}</p>
            )}
            <p>Die Daten dieser Version sind nicht bearbeitbar.</p>
          </HistorischBanner>
          {children(version)}
        </>
      )}
    </section>
  );
}

export interface VerlaufSeiteProps {
  titel: string;
  /** What the page lists ('Alle Änderungen des Betriebs …'). */
  beschreibung: string;
  eintraege: VerlaufEintrag[] | undefined;
}

/** The auditors' Verlauf: every event with who and when; 'Stand anzeigen' sets ?stand=<version>. */
export function VerlaufSeite({ titel, beschreibung, eintraege }: VerlaufSeiteProps) {
  const [, setParams] = useSearchParams();
  return (
    <section aria-labelledby="verlauf-titel" className="space-y-4">
      <h1 id="verlauf-titel" className="text-2xl font-semibold">
        {titel}
      </h1>
      <p className="text-sm text-gray-700">{beschreibung}</p>
      <VerlaufTabelle
        eintraege={eintraege ?? []}
        isLoading={eintraege === undefined}
        aktion={(e) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs whitespace-nowrap"
            onClick={(ev) => {
              ev.stopPropagation();
              setParams((p) => {
                const n = new URLSearchParams(p);
                n.set(STAND_PARAM, String(e.version));
                return n;
              });
            }}
          >
            Stand anzeigen <span className="sr-only">(vom {zeitpunkt(e.zeitpunkt)})</span>
          </Button>
        )}
      />
    </section>
  );
}

export interface StandSeiteProps {
  version: number;
  /** The Verlauf's entry of that event (for when and who), once loaded. */
  eintrag: VerlaufEintrag | undefined;
  /** Where the current record is. */
  aktuell: string;
  /** The object as it was (read-only), undefined while loading. */
  children: ReactNode | undefined;
}

/** A Stand of the Verlauf: the object as it was after one event, with the ways back. */
export function StandSeite({ version, eintrag, aktuell, children }: StandSeiteProps) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const zumVerlauf = () =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete(STAND_PARAM);
      return n;
    });
  return (
    <section aria-labelledby="stand-titel" className="space-y-4">
      <h1 id="stand-titel" className="text-2xl font-semibold">
        Verlauf: Stand
      </h1>
      <HistorischBanner
        aktionen={
          <>
            <Button variant="secondary" onClick={zumVerlauf}>
              Zurück zum Verlauf
            </Button>
            <Button onClick={() => navigate(aktuell)}>{ZURUECK_AKTUELL}</Button>
          </>
        }
      >
        <p className="font-semibold">Stand nach der Änderung {eintrag ? `vom ${zeitpunkt(eintrag.zeitpunkt)}` : `Nr. ${version}`}</p>
        {eintrag && (
          <p>
            {eintrag.zusammenfassung || eintrag.ereignis} – {eintrag.akteur}
          </p>
        )}
        <p>Die Daten dieses Stands sind nicht bearbeitbar.</p>
      </HistorischBanner>
      {children ?? <Laden />}
    </section>
  );
}

export interface ObjektVerlaufProps<T, K extends QueryKey> extends VerlaufSeiteProps {
  /** Where the current record is ('Zurück zum aktuellen Datensatz'). */
  aktuell: string;
  /** The query of the object's state after event `version` (GET …/stand/{version}). */
  standQuery: (version: number) => UseQueryOptions<T, Error, T, K>;
  /** The object read-only. */
  nurLesen: (x: T) => ReactNode;
}

/**
 * The Verlauf page of an object of the file (operation, plant, measuring point, Bescheid, annual
 * report): the list of its events, or with ?stand=<version> the object as it was after one,
 * read-only.
 */
export function ObjektVerlauf<T, K extends QueryKey>({ aktuell, standQuery, nurLesen, ...seite }: ObjektVerlaufProps<T, K>) {
  const [params] = useSearchParams();
  const version = versionAus(params);
  if (version === null) return <VerlaufSeite {...seite} />;
  return (
    <StandSeite version={version} aktuell={aktuell} eintrag={seite.eintraege?.find((e) => e.version === version)}>
      <Stand query={standQuery(version)} nurLesen={nurLesen} />
    </StandSeite>
  );
}

function Stand<T, K extends QueryKey>({ query, nurLesen }: { query: UseQueryOptions<T, Error, T, K>; nurLesen: (x: T) => ReactNode }) {
  const stand = useQuery(query);
  return stand.data === undefined ? <Laden /> : nurLesen(stand.data);
}

/** An object's fields read-only, as label and value ('–' for none). */
export function Feldliste({ zeilen }: { zeilen: [string, string | undefined][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {zeilen.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="whitespace-pre-wrap">{v || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
