import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, OnChangeFn, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { Suchformular } from '@/components/Suchformular';
import { ExportAktion } from '@/components/Zeilenauswahl';
import { ApiError, isAbortError } from '@/lib/api';
import { useDarf, useMe } from '@/lib/auth';
import { speichereDatei } from '@/lib/download';
import { handleGlobalError } from '@/lib/errors';
import { wertelisteQuery } from '@/lib/wertelisten';
import {
  betriebeQuery,
  EXPORT_DATEINAME,
  type BetriebFilter,
  type BetriebSortierung,
  type BetriebSuche,
  type BetriebZeile,
} from '@/features/startseite/api/betriebe';
import { startPersonalisierungQuery, type Personalisierung } from '@/features/startseite/api/personalisierung';
import { istText, istTextliste, useSitzungszustand } from '@/features/startseite/sitzungszustand';
import { BetriebAnlegenDialog } from './BetriebAnlegenDialog';
import { ARBEITSLISTE_SEITE } from './seitengroesse';
import { Personalisierungshinweis } from './Personalisierungshinweis';
import { useExportiereBetriebe } from '@/features/startseite/api/exportiere-betriebe';
import { LISTE_ID } from './liste';

const FREIGABESTATUS: Record<string, string> = { BEANTRAGT: 'Beantragt', FREIGEGEBEN: 'Freigegeben', ABGEWIESEN: 'Abgewiesen' };

const START_SORTIERUNG: SortingState = [{ id: 'bezeichnung', desc: false }];

export const betriebPfad = (id: number, modus: 'l' | 's' = 'l') => `/betriebsakte/${id}/betriebsdaten?modus=${modus}`;

/**
 * The default filter of spec 002 §2 ("businesses: in operation"); with an active
 * personalisation its Betriebstypen too.
 */
export function standardFilter(p: Personalisierung | undefined): BetriebFilter {
  return {
    q: '',
    betriebsstatus: ['IN_BETRIEB'],
    betriebstyp: p?.active ? [...(p.betriebstyp ?? [])] : [],
    freigabestatus: [],
  };
}

const gleich = (a: BetriebFilter, b: BetriebFilter) => JSON.stringify(a) === JSON.stringify(b);

/** What the worklist keeps in session storage. */
interface Zustand {
  /** The filter the list shows. */
  filter: BetriebFilter;
  /** The filter form (may differ from `filter` until 'Suchen'). */
  entwurf: BetriebFilter;
  /** The default the state began with: when the personalisation changes it, the list starts again. */
  standard: BetriebFilter;
  seite: PaginationState;
  sortierung: SortingState;
  auswahl: RowSelectionState;
}

const istFilter = (x: unknown): x is BetriebFilter => {
  const f = x as BetriebFilter | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    istText(f.q) &&
    istTextliste(f.betriebsstatus) &&
    istTextliste(f.betriebstyp) &&
    istTextliste(f.freigabestatus)
  );
};

const istZustand = (x: unknown): x is Zustand => {
  const z = x as Zustand | null;
  return (
    typeof z === 'object' &&
    z !== null &&
    istFilter(z.filter) &&
    istFilter(z.entwurf) &&
    istFilter(z.standard) &&
    typeof z.seite?.pageIndex === 'number' &&
    typeof z.seite?.pageSize === 'number' &&
    Array.isArray(z.sortierung) &&
    typeof z.auswahl === 'object' &&
    z.auswahl !== null
  );
};

const neuerZustand = (standard: BetriebFilter): Zustand => ({
  filter: standard,
  entwurf: standard,
  standard,
  seite: { pageIndex: 0, pageSize: ARBEITSLISTE_SEITE },
  sortierung: START_SORTIERUNG,
  auswahl: {},
});

const aktualisiert = <T,>(u: T | ((alt: T) => T), alt: T): T => (typeof u === 'function' ? (u as (alt: T) => T)(alt) : u);

/** The request of a filter, page and sort order. */
export function betriebSuche(f: BetriebFilter, seite: PaginationState, sortierung: SortingState, minPosition?: number): BetriebSuche {
  return {
    q: f.q.trim() || undefined,
    betriebsstatus: f.betriebsstatus,
    betriebstyp: f.betriebstyp,
    freigabestatus: f.freigabestatus,
    page: seite.pageIndex,
    size: seite.pageSize,
    sortProperty: (sortierung[0]?.id as BetriebSortierung | undefined) ?? 'bezeichnung',
    sortDirection: sortierung[0]?.desc ? 'desc' : 'asc',
    minPosition,
  };
}

/** Options of a filter from its value list: the identifier (schluessel) and the text. */
function useOptionen(liste: string) {
  // the filter shows what it has; a value list that fails to load is no reason to leave the page
  const { data } = useQuery({ ...wertelisteQuery(liste), meta: { globalErrorHandling: false } });
  return useMemo(() => (data ?? []).map((e) => ({ value: e.schluessel ?? String(e.id), label: e.value })), [data]);
}

/**
 * Tab 'Betriebe' of the start page: the operations worklist. It waits for the personalisation,
 * whose Betriebstypen belong to the default filter when it is active.
 */
export function BetriebeListe() {
  const personalisierung = useQuery(startPersonalisierungQuery());
  if (personalisierung.isPending) return <Laden />;
  const standard = standardFilter(personalisierung.data);
  return <Arbeitsliste key={JSON.stringify(standard)} standard={standard} personalisiert={standard.betriebstyp.length > 0} />;
}

function Arbeitsliste({ standard, personalisiert }: { standard: BetriebFilter; personalisiert: boolean }) {
  const darf = useDarf();
  const me = useMe();
  const navigate = useNavigate();
  // after a request the list waits until it holds it (read-your-writes, DESIGN §4)
  const minPosition = (useLocation().state as { minPosition?: number } | null)?.minPosition;
  const [z, setZ] = useSitzungszustand<Zustand>(
    'betriebe',
    () => neuerZustand(standard),
    (x): x is Zustand => istZustand(x) && gleich(x.standard, standard),
  );
  const [anlegen, setAnlegen] = useState(false);

  const suche = useMemo(() => betriebSuche(z.filter, z.seite, z.sortierung, minPosition), [z.filter, z.seite, z.sortierung, minPosition]);
  const seite = useQuery(betriebeQuery(suche));
  useEffect(() => {
    const e = seite.error;
    if (!e || isAbortError(e)) return;
    // an ended session goes the global way (login); anything else is told in place
    if (e instanceof ApiError && e.status === 401) handleGlobalError(e);
    else if (!(e instanceof ApiError) || e.status >= 500) console.error(e);
  }, [seite.error]);

  const exportieren = useExportiereBetriebe({
    onSuccess: (datei) => speichereDatei(datei, EXPORT_DATEINAME),
  });

  const statusOptionen = useOptionen('betriebsstatus');
  const typOptionen = useOptionen('betriebstyp');
  const freigabeOptionen = useOptionen('freigabestatus');

  // operators and their delegates request; staff create (both as a request, spec 000 §4)
  const anlegenText = me.data?.globaleRolle === 'ORGANISATION' ? 'Betrieb beantragen' : 'Betrieb anlegen';
  // edit links for the privileged roles (spec 002 §2, §6), and only for those whose operation
  // file has an edit mode at all
  const bearbeiten = (me.data?.aktionen.includes('STARTSEITE_BEARBEITEN') ?? false) && darf('BEARBEITUNGSMODUS_NUTZEN');

  const ausgewaehlt = Object.keys(z.auswahl)
    .filter((k) => z.auswahl[k])
    .map(Number);

  const columns = useMemo<ColumnDef<BetriebZeile, unknown>[]>(() => {
    const spalten: ColumnDef<BetriebZeile, unknown>[] = [
      { id: 'betriebsId', header: 'Betriebs-Nr.', accessorFn: (b) => b.betriebsId },
      {
        id: 'bezeichnung',
        header: 'Bezeichnung',
        accessorFn: (b) => b.bezeichnung,
        cell: ({ row: { original: b } }) => (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={betriebPfad(b.id)} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
              {b.bezeichnung}
            </Link>
            {b.stammdatenAntragOffen && (
              <span className="rounded border border-amber-700 bg-amber-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
                Änderungsantrag offen
              </span>
            )}
          </span>
        ),
      },
      { id: 'betreiber', header: 'Betreiber', accessorFn: (b) => b.betreiber },
      { id: 'ort', header: 'Ort', accessorFn: (b) => [b.plz, b.ort].filter(Boolean).join(' ') },
      { id: 'betriebstyp', header: 'Betriebstyp', accessorFn: (b) => b.betriebstyp },
      { id: 'betriebsstatus', header: 'Betriebsstatus', accessorFn: (b) => b.betriebsstatus },
      {
        id: 'freigabestatus',
        header: 'Freigabestatus',
        accessorFn: (b) => FREIGABESTATUS[b.freigabestatus] ?? b.freigabestatus,
      },
    ];
    if (bearbeiten) {
      spalten.push({
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: b } }) => (
          <Link
            to={betriebPfad(b.id, 's')}
            aria-label={`Bearbeiten ${b.bezeichnung}`}
            className="rounded border border-blue-800 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-blue-900 hover:bg-blue-50"
            onClick={(e) => e.stopPropagation()}
          >
            Bearbeiten
          </Link>
        ),
      });
    }
    return spalten;
  }, [bearbeiten]);

  const onPaginationChange: OnChangeFn<PaginationState> = (u) => setZ((s) => ({ ...s, seite: aktualisiert(u, s.seite) }));
  // a new sort order starts again at the first page
  const onSortingChange: OnChangeFn<SortingState> = (u) =>
    setZ((s) => ({ ...s, sortierung: aktualisiert(u, s.sortierung), seite: { ...s.seite, pageIndex: 0 } }));
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) => setZ((s) => ({ ...s, auswahl: aktualisiert(u, s.auswahl) }));
  const setzeEntwurf = (teil: Partial<BetriebFilter>) => setZ((s) => ({ ...s, entwurf: { ...s.entwurf, ...teil } }));

  /** Shows the list of a filter from its first page; the selection of the old list goes. */
  const anwenden = (f: BetriebFilter) => {
    const filter = { ...f, q: f.q.trim() };
    // 'Suchen' always asks the server again, also for the same filter
    if (gleich(filter, z.filter) && z.seite.pageIndex === 0) void seite.refetch();
    setZ((s) => ({ ...s, filter, entwurf: filter, seite: { ...s.seite, pageIndex: 0 }, auswahl: {} }));
  };

  return (
    <section aria-labelledby="betriebe-titel" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="betriebe-titel" className="text-xl font-semibold">
          Betriebe
        </h2>
        {darf('BETRIEB_BEANTRAGEN') && <Button onClick={() => setAnlegen(true)}>{anlegenText}</Button>}
      </div>
      <Suchformular
        label="Betriebe suchen"
        spalten="sm:grid-cols-2 lg:grid-cols-4"
        aktionenClassName="sm:col-span-2 lg:col-span-4"
        onSuchen={() => anwenden(z.entwurf)}
        onZuruecksetzen={() => anwenden(standard)}
      >
        <FormField label="Suche" hint="Betriebs-Nr., Bezeichnung, Betreiber oder Adresse">
          <input name="q" type="search" className={inputClass} value={z.entwurf.q} onChange={(e) => setzeEntwurf({ q: e.target.value })} />
        </FormField>
        <MehrfachAuswahl
          legend="Betriebsstatus"
          options={statusOptionen}
          value={z.entwurf.betriebsstatus}
          onChange={(betriebsstatus) => setzeEntwurf({ betriebsstatus })}
          hint="Ohne Auswahl: alle"
        />
        <MehrfachAuswahl
          legend="Betriebstyp"
          options={typOptionen}
          value={z.entwurf.betriebstyp}
          onChange={(betriebstyp) => setzeEntwurf({ betriebstyp })}
          hint="Ohne Auswahl: alle"
        />
        <MehrfachAuswahl
          legend="Freigabestatus"
          options={freigabeOptionen}
          value={z.entwurf.freigabestatus}
          onChange={(freigabestatus) => setzeEntwurf({ freigabestatus })}
          hint="Ohne Auswahl: alle"
        />
      </Suchformular>
      {personalisiert && <Personalisierungshinweis was="Betriebstypen" />}
      <div className="flex flex-wrap items-center gap-2">
        <ExportAktion
          anzahl={ausgewaehlt.length}
          diese="Betriebe"
          ohneAuswahl="Der Export enthält alle Betriebe des Filters."
          disabled={exportieren.isPending}
          onExport={() => exportieren.mutate({ ids: ausgewaehlt, suche })}
        />
      </div>
      {seite.isError && <p className="text-sm text-red-700">Die Betriebe konnten nicht geladen werden.</p>}
      <DataTable<BetriebZeile>
        caption="Betriebe"
        captionHidden
        id={LISTE_ID}
        columns={columns}
        data={seite.data?.content ?? []}
        getRowId={(b) => String(b.id)}
        manual
        pagination={z.seite}
        onPaginationChange={onPaginationChange}
        sorting={z.sortierung}
        onSortingChange={onSortingChange}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        ohneFilter={{ anzahl: seite.data?.ohneFilter, aufheben: () => anwenden({ q: z.filter.q, betriebsstatus: [], betriebstyp: [], freigabestatus: [] }) }}
        enableRowSelection
        rowSelection={z.auswahl}
        onRowSelectionChange={onRowSelectionChange}
        rowSelectionLabel={(b) => `${b.bezeichnung} auswählen`}
        onRowClick={(b) => navigate(betriebPfad(b.id))}
      />
      {anlegen && <BetriebAnlegenDialog titel={anlegenText} onClose={() => setAnlegen(false)} />}
    </section>
  );
}
