import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, OnChangeFn, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { DataTable, DEFAULT_PAGE_SIZE } from '@/components/DataTable';
import { Datumsfeld } from '@/components/Datumsfeld';
import { Auswahlfeld, useWerte } from '@/components/felder';
import { Suchformular } from '@/components/Suchformular';
import { Tabs } from '@/components/Tabs';
import { speichereDatei } from '@/lib/download';
import { formatBis, formatDate, todayIso } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useExportiere, type Exportziel } from '@/features/bescheiduebersicht/api/exportiere-zeilen';
import {
  anforderungenQuery,
  auflageId,
  auflagenQuery,
  parameterDesBetriebsQuery,
  type AnforderungArt,
  type AnforderungFilter,
  type AnforderungZeile,
  type AuflageFilter,
  type AuflageZeile,
  type Auswertung,
  type Blaettern,
} from '@/features/bescheiduebersicht/api/uebersichten';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { messstellenDesBetriebsQuery } from '@/lib/akte/messstellen-des-betriebs';
import { alsSuchdatum, dezimalAnzeige, MSG_DATUM } from './anzeige';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { Beschreibung } from './Beschreibung';

export const TITEL = 'Übersicht Parameterwerte';
export const EXCEL_EXPORT = 'Excel-Export';
export const OHNE_AUSWAHL = 'Wählen Sie die Zeilen aus, die der Export enthalten soll.';
export const ausgewaehltText = (n: number) => `${n} ${n === 1 ? 'Zeile' : 'Zeilen'} ausgewählt`;

type Reiter = 'festlegungen' | 'selbstueberwachung' | 'auflagen';

/** The three tabs of spec 001 §2.5 and where each exports to. */
const REITER: { id: Reiter; label: string; art?: AnforderungArt }[] = [
  { id: 'festlegungen', label: 'Festlegungen/Erklärungen', art: 'BEHOERDLICHE_FESTLEGUNG' },
  { id: 'selbstueberwachung', label: 'Selbstüberwachungsauflagen', art: 'SELBSTUEBERWACHUNGSAUFLAGE' },
  { id: 'auflagen', label: 'Auflagen' },
];

const aktualisiert = <T,>(u: T | ((alt: T) => T), alt: T): T => (typeof u === 'function' ? (u as (a: T) => T)(alt) : u);

/**
 * The state of one tab's search, kept by the page so a tab shows what it showed when the user
 * comes back: the form's draft, the filter searched, paging, sort order and the selection.
 */
function useSuche<E, F>(start: { entwurf: E; filter: F; sortierung: SortingState }) {
  const [entwurf, setEntwurf] = useState(start.entwurf);
  const [filter, setFilter] = useState(start.filter);
  const [fehler, setFehler] = useState<Record<string, string | undefined>>({});
  const [seite, setSeite] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sortierung, setSortierung] = useState<SortingState>(start.sortierung);
  const [auswahl, setAuswahl] = useState<RowSelectionState>({});
  const blaettern: Blaettern = {
    page: seite.pageIndex,
    size: seite.pageSize,
    sortProperty: sortierung[0]?.id ?? '',
    sortDirection: sortierung[0]?.desc ? 'desc' : 'asc',
  };
  const onSortingChange: OnChangeFn<SortingState> = (u) => {
    setSortierung((s) => aktualisiert(u, s));
    setSeite((p) => ({ ...p, pageIndex: 0 }));
  };
  /** A new filter: from the first page, without the old selection; the same filter: true (the caller searches again). */
  const anwenden = (f: F) => {
    const gleich = JSON.stringify(f) === JSON.stringify(filter);
    setFilter(f);
    setSeite((p) => ({ ...p, pageIndex: 0 }));
    setAuswahl({});
    return gleich;
  };
  return {
    entwurf,
    setzeEntwurf: (teil: Partial<E>) => setEntwurf((e) => ({ ...e, ...teil })),
    setEntwurf,
    filter,
    anwenden,
    fehler,
    setFehler,
    blaettern,
    auswahl,
    ausgewaehlt: Object.keys(auswahl).filter((k) => auswahl[k]),
    tabelle: {
      manual: true,
      pagination: seite,
      onPaginationChange: setSeite,
      sorting: sortierung,
      onSortingChange,
      enableRowSelection: true,
      rowSelection: auswahl,
      onRowSelectionChange: setAuswahl,
    },
  };
}

/** The draft of a requirement search: dates as typed (TT.MM.JJJJ). */
interface AnforderungEntwurf {
  abwasseranlage: string;
  messstelle: string;
  parameter: string;
  auswertung: Auswertung;
  stichtag: string;
  gueltigAb: string;
  gueltigBis: string;
}

/** The default of spec 001 §2.4: evaluation on a day, today. */
const anforderungStart = () => {
  const heute = todayIso();
  const entwurf: AnforderungEntwurf = { abwasseranlage: '', messstelle: '', parameter: '', auswertung: 'stichtag', stichtag: formatDate(heute), gueltigAb: '', gueltigBis: '' };
  const filter: AnforderungFilter = { abwasseranlage: '', messstelle: '', parameter: '', auswertung: 'stichtag', stichtag: heute.replaceAll('-', ''), gueltigAb: '', gueltigBis: '' };
  return { entwurf, filter, sortierung: [{ id: 'messstelle', desc: false }] };
};

const auflageStart = () => ({ entwurf: { abwasseranlage: '', art: '' }, filter: { abwasseranlage: '', art: '' }, sortierung: [{ id: 'fristdatum', desc: false }] });

const AUSWERTUNGEN: { value: Auswertung; label: string }[] = [
  { value: 'alle', label: 'alle' },
  { value: 'zeitraum', label: 'Zeitraum' },
  { value: 'stichtag', label: 'Stichtag' },
];

/**
 * Route …/parameteruebersicht: the evaluation overview of the operation (spec 001 §2.4/§2.5) —
 * the Festlegungen/Erklärungen, the Selbstüberwachungsauflagen and the Auflagen of its
 * Bescheide, each filtered, the selected rows exported as xlsx.
 */
export function Parameteruebersicht() {
  useDocumentTitle(TITEL);
  const [reiter, setReiter] = useState<Reiter>('festlegungen');
  const festlegungen = useSuche(anforderungStart());
  const selbstueberwachung = useSuche(anforderungStart());
  const auflagen = useSuche(auflageStart());
  return (
    <section aria-labelledby="parameteruebersicht-titel" className="space-y-4">
      <h1 id="parameteruebersicht-titel" className="text-2xl font-semibold">
        {TITEL}
      </h1>
      <Tabs
        label="Auswertung"
        value={reiter}
        onChange={(r) => setReiter(r as Reiter)}
        tabs={REITER.map((r) => ({
          id: r.id,
          label: r.label,
          content: r.art ? (
            <Anforderungssuche art={r.art} ziel={r.id} titel={r.label} suche={r.id === 'festlegungen' ? festlegungen : selbstueberwachung} />
          ) : (
            <Auflagensuche suche={auflagen} />
          ),
        }))}
      />
    </section>
  );
}

/** 'Excel-Export': enabled only with a selection (spec 001 §2.5), the selection's size said aloud. */
export function ExcelExport({ ziel, ids, dateiname }: { ziel: Exportziel; ids: (number | string)[]; dateiname: string }) {
  const { id = '' } = useParams();
  const exportieren = useExportiere({ onSuccess: (datei) => speichereDatei(datei, dateiname) });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" disabled={ids.length === 0 || exportieren.isPending} onClick={() => exportieren.mutate({ betriebId: id, ziel, ids })}>
        {EXCEL_EXPORT}
      </Button>
      <span className="text-sm text-gray-700" aria-live="polite">
        {ids.length > 0 ? ausgewaehltText(ids.length) : OHNE_AUSWAHL}
      </span>
    </div>
  );
}

/** The plants of the operation as options. */
function useAnlagen() {
  const { id = '' } = useParams();
  return (useQuery(anlagenDesBetriebsQuery(id)).data ?? []).map((a) => ({ value: String(a.id), label: a.bezeichnung }));
}

type Suche<E, F> = ReturnType<typeof useSuche<E, F>>;

function Anforderungssuche({ art, ziel, titel, suche: s }: { art: AnforderungArt; ziel: Exportziel; titel: string; suche: Suche<AnforderungEntwurf, AnforderungFilter> }) {
  const { id = '' } = useParams();
  const anlagen = useAnlagen();
  const messstellen = useQuery(messstellenDesBetriebsQuery(id)).data ?? [];
  const parameter = useQuery(parameterDesBetriebsQuery(id)).data ?? [];
  const seite = useQuery(anforderungenQuery(id, art, s.filter, s.blaettern));
  const e = s.entwurf;

  const suchen = () => {
    const stichtag = e.auswertung === 'stichtag' ? alsSuchdatum(e.stichtag) : '';
    const gueltigAb = e.auswertung === 'zeitraum' ? alsSuchdatum(e.gueltigAb) : '';
    const gueltigBis = e.auswertung === 'zeitraum' ? alsSuchdatum(e.gueltigBis) : '';
    const fehler = {
      stichtag: stichtag === null ? MSG_DATUM : e.auswertung === 'stichtag' && stichtag === '' ? MSG_PFLICHTFELD : undefined,
      gueltigAb: gueltigAb === null ? MSG_DATUM : undefined,
      gueltigBis: gueltigBis === null ? MSG_DATUM : undefined,
    };
    s.setFehler(fehler);
    if (Object.values(fehler).some(Boolean) || stichtag === null || gueltigAb === null || gueltigBis === null) return;
    if (s.anwenden({ abwasseranlage: e.abwasseranlage, messstelle: e.messstelle, parameter: e.parameter, auswertung: e.auswertung, stichtag, gueltigAb, gueltigBis })) void seite.refetch();
  };
  const zuruecksetzen = () => {
    const start = anforderungStart();
    s.setEntwurf(start.entwurf);
    s.setFehler({});
    s.anwenden(start.filter);
  };

  // sortable: the columns the search sorts by (sortProperty messstelle, bescheid, parameterNr, gueltigAb, gueltigBis)
  const spalten = useMemo<ColumnDef<AnforderungZeile, unknown>[]>(
    () => [
      { id: 'messstelle', header: 'Messstelle', accessorFn: (z) => `${z.messstelle?.messstellenId ?? ''} ${z.messstelle?.bezeichnung ?? ''}`.trim() },
      { id: 'bescheid', header: 'Bescheid', accessorKey: 'bescheid' },
      {
        id: 'parameterNr',
        header: 'Parameter-Nr.',
        accessorKey: 'parameterNr',
        cell: ({ row }) => (row.original.parameterName ? <abbr title={row.original.parameterName}>{row.original.parameterNr}</abbr> : row.original.parameterNr),
      },
      { id: 'einheit', header: 'Einheit', accessorKey: 'einheit', enableSorting: false },
      { id: 'probenahme', header: 'Probenahme', accessorKey: 'probenahme', enableSorting: false },
      { id: 'haeufigkeit', header: 'Häufigkeit', accessorKey: 'haeufigkeit', enableSorting: false },
      { id: 'artAnforderungWert', header: 'Art des Werts', accessorKey: 'artAnforderungWert', enableSorting: false },
      { id: 'wert', header: 'Wert', accessorKey: 'wert', enableSorting: false, cell: ({ row }) => <span className="whitespace-nowrap">{dezimalAnzeige(row.original.wert)}</span> },
      { id: 'mehrereOptionen', header: 'mehrere Optionen', accessorKey: 'mehrereOptionen', enableSorting: false, cell: ({ row }) => (row.original.mehrereOptionen ? 'ja' : 'nein') },
      { id: 'gueltigAb', header: 'gültig ab', accessorKey: 'gueltigAb', cell: ({ row }) => formatDate(row.original.gueltigAb) },
      { id: 'gueltigBis', header: 'gültig bis', accessorKey: 'gueltigBis', cell: ({ row }) => formatBis(row.original.gueltigBis) },
    ],
    [],
  );

  return (
    <div className="space-y-4">
      <Suchformular label={`${titel} filtern`} onSuchen={suchen} onZuruecksetzen={zuruecksetzen} spalten="sm:grid-cols-3" aktionenClassName="sm:col-span-3">
        <Auswahlfeld
          label="Abwasseranlage"
          name="abwasseranlage"
          value={e.abwasseranlage}
          // a point of another plant goes
          onChange={(v) => s.setzeEntwurf({ abwasseranlage: v, messstelle: '' })}
          optionen={anlagen}
          leer="Alle"
        />
        <Auswahlfeld
          label="Messstelle"
          name="messstelle"
          value={e.messstelle}
          onChange={(v) => s.setzeEntwurf({ messstelle: v })}
          optionen={messstellen
            .filter((m) => !e.abwasseranlage || String(m.anlage?.id ?? '') === e.abwasseranlage)
            .map((m) => ({ value: String(m.id), label: `${m.messstellenId} ${m.bezeichnung}` }))}
          leer="Alle"
        />
        <Auswahlfeld
          label="Parameter"
          name="parameter"
          value={e.parameter}
          onChange={(v) => s.setzeEntwurf({ parameter: v })}
          optionen={parameter.map((p) => ({ value: p.parameterNr, label: `${p.parameterNr} ${p.parameterName}` }))}
          leer="Alle"
        />
        <AuswertungFelder entwurf={e} setze={s.setzeEntwurf} fehler={s.fehler} />
      </Suchformular>
      <ExcelExport ziel={ziel} ids={s.ausgewaehlt.map(Number)} dateiname={`${ziel}.xlsx`} />
      {seite.isError && <p className="text-sm text-red-700">Die Anforderungen konnten nicht geladen werden.</p>}
      <DataTable<AnforderungZeile>
        caption={titel}
        captionHidden
        columns={spalten}
        data={seite.data?.content ?? []}
        getRowId={(z) => String(z.anforderungId)}
        {...s.tabelle}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        rowSelectionLabel={(z) => `Parameter ${z.parameterNr} an Messstelle ${z.messstelle?.messstellenId ?? ''} auswählen`}
      />
    </div>
  );
}

/** The kind of evaluation and the dates it uses: a day (Stichtag), a period (gültig ab/bis), or none (alle). */
export function AuswertungFelder({
  entwurf: e,
  setze,
  fehler,
}: {
  entwurf: Pick<AnforderungEntwurf, 'auswertung' | 'stichtag' | 'gueltigAb' | 'gueltigBis'>;
  setze: (teil: Partial<AnforderungEntwurf>) => void;
  fehler: Record<string, string | undefined>;
}) {
  const { id = '' } = useParams();
  let felder: ReactNode = null;
  if (e.auswertung === 'stichtag')
    felder = <Datumsfeld label="Stichtag" name="stichtag" value={e.stichtag} onChange={(v) => setze({ stichtag: v })} error={fehler.stichtag} required />;
  if (e.auswertung === 'zeitraum')
    felder = (
      <>
        <Datumsfeld label="gültig ab" name="gueltigAb" value={e.gueltigAb} onChange={(v) => setze({ gueltigAb: v })} error={fehler.gueltigAb} />
        <Datumsfeld label="gültig bis" name="gueltigBis" value={e.gueltigBis} onChange={(v) => setze({ gueltigBis: v })} error={fehler.gueltigBis} />
      </>
    );
  return (
    <>
      <fieldset className="sm:col-span-3">
        <legend className="text-sm font-medium">Auswertung</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {AUSWERTUNGEN.map((a) => (
            <label key={a.value} className="flex items-center gap-1 text-sm">
              <input type="radio" name={`auswertung-${id}`} value={a.value} checked={e.auswertung === a.value} onChange={() => setze({ auswertung: a.value })} />
              {a.label}
            </label>
          ))}
        </div>
      </fieldset>
      {felder}
    </>
  );
}

function Auflagensuche({ suche: s }: { suche: Suche<AuflageFilter, AuflageFilter> }) {
  const { id = '' } = useParams();
  const anlagen = useAnlagen();
  const arten = useWerte('auflagenart');
  const seite = useQuery(auflagenQuery(id, s.filter, s.blaettern));
  const spalten = useMemo<ColumnDef<AuflageZeile, unknown>[]>(
    () => [
      { id: 'abwasseranlage', header: 'Abwasseranlage', accessorFn: (z) => z.abwasseranlage?.bezeichnung ?? '' },
      { id: 'beschreibung', header: 'Beschreibung', enableSorting: false, accessorKey: 'beschreibung', cell: ({ row }) => <Beschreibung text={row.original.beschreibung} /> },
      { id: 'art', header: 'Art', accessorKey: 'art' },
      { id: 'fristdatum', header: 'Fristdatum', accessorKey: 'fristdatum', cell: ({ row }) => formatDate(row.original.fristdatum) },
      { id: 'bescheidsdatum', header: 'in Bescheid vom', accessorKey: 'bescheidsdatum', cell: ({ row }) => formatDate(row.original.bescheidsdatum) },
      { id: 'ablaufdatum', header: 'gültig bis', accessorKey: 'ablaufdatum', cell: ({ row }) => formatBis(row.original.ablaufdatum) },
    ],
    [],
  );
  return (
    <div className="space-y-4">
      <Suchformular
        label="Auflagen filtern"
        onSuchen={() => {
          if (s.anwenden({ ...s.entwurf })) void seite.refetch();
        }}
        onZuruecksetzen={() => {
          const start = auflageStart();
          s.setEntwurf(start.entwurf);
          s.anwenden(start.filter);
        }}
        spalten="sm:grid-cols-3"
        aktionenClassName="sm:col-span-3"
      >
        <Auswahlfeld label="Abwasseranlage" name="abwasseranlage" value={s.entwurf.abwasseranlage} onChange={(v) => s.setzeEntwurf({ abwasseranlage: v })} optionen={anlagen} leer="Alle" />
        <Auswahlfeld label="Art" name="art" value={s.entwurf.art} onChange={(v) => s.setzeEntwurf({ art: v })} optionen={arten.map((a) => ({ value: a, label: a }))} leer="Alle" />
      </Suchformular>
      <ExcelExport ziel="auflagen" ids={s.ausgewaehlt} dateiname="auflagen.xlsx" />
      {seite.isError && <p className="text-sm text-red-700">Die Auflagen konnten nicht geladen werden.</p>}
      <DataTable<AuflageZeile>
        caption="Auflagen"
        captionHidden
        columns={spalten}
        data={seite.data?.content ?? []}
        getRowId={auflageId}
        {...s.tabelle}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        rowSelectionLabel={(z) => `Auflage ${z.art} vom ${formatDate(z.fristdatum)} auswählen`}
      />
    </div>
  );
}
