import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ColumnDef, OnChangeFn, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { Suchformular } from '@/components/Suchformular';
import { ExportAktion } from '@/components/Zeilenauswahl';
import { ApiError, isAbortError } from '@/lib/api';
import { speichereDatei } from '@/lib/download';
import { handleGlobalError } from '@/lib/errors';
import { wertelisteQuery } from '@/lib/wertelisten';
import type { Arbeitslistenseite, Listenexport, Listenfilter, Listensuche } from '@/features/startseite/api/arbeitsliste';
import { useExportiereArbeitsliste } from '@/features/startseite/api/exportiere-arbeitsliste';
import { startPersonalisierungQuery, type Personalisierung } from '@/features/startseite/api/personalisierung';
import { istText, istTextliste, useSitzungszustand } from '@/features/startseite/sitzungszustand';
import { LISTE_ID } from './liste';
import { Personalisierungshinweis } from './Personalisierungshinweis';
import { ARBEITSLISTE_SEITE } from './seitengroesse';

/**
 * The one worklist page of the start page (issue 29): the tabs Anlagen, Messstellen and
 * Betriebe are this piece with their filter fields, columns and calls. It owns the filter form
 * with 'Suchen' and 'Zurücksetzen' (back to the default), paging (50 rows, spec 002 §2), the
 * sort order, the row selection, the export of the selection or the filter, the hint that the
 * default comes from the personalisation, and keeps tab state in session storage.
 */

/** The default filter of a list, and whether the personalisation contributed to it. */
export interface Vorgabe<F> {
  standard: F;
  personalisiert: boolean;
}

export interface ArbeitslisteProps<F extends Listenfilter, Z extends { id: number }, P extends string, K extends readonly unknown[]> {
  /** The name of the list's state in session storage ('anlagen', 'betriebe', …). */
  name: string;
  /** Plural of what the list shows: heading, table caption, 'Anlagen suchen', export hint. */
  titel: string;
  /** Actions beside the heading ('Betrieb anlegen'). */
  kopf?: ReactNode;
  /** Below the list (a dialog the head opens). */
  fuss?: ReactNode;
  /** The default filter of spec 002 §2, with the personalisation when it is active. */
  vorgabe: (p: Personalisierung | undefined) => Vorgabe<F>;
  /** What of the personalisation the default takes ('Anlagentypen und Verwaltungseinheiten'). */
  personalisierungText: string;
  /** The first sort column (spec 002 §2: by name, measuring points by id), ascending. */
  startSortierung: P;
  /** The page query (GET /api/<area>/search). */
  abfrage: (suche: Listensuche<F, P>) => UseQueryOptions<Arbeitslistenseite<Z>, Error, Arbeitslistenseite<Z>, K>;
  export: Listenexport;
  /** The hint under 'Suche': what the text searches. */
  suchhinweis: string;
  /** The filter fields beyond 'Suche', bound to the form's draft. */
  filterfelder: (entwurf: F, setze: (teil: Partial<F>) => void) => ReactNode;
  spalten: ColumnDef<Z, unknown>[];
  /** The row's screen (a click on the row leads there); undefined: the row leads nowhere. */
  pfad: (z: Z) => string | undefined;
  /** The row's name for its selection box ('… auswählen'). */
  bezeichnung: (z: Z) => string;
}

/** What the list keeps in session storage. */
interface Zustand<F> {
  /** The default the state began with: when the personalisation changes it, the list starts again. */
  standard: F;
  /** The filter the list shows. */
  filter: F;
  /** The filter form (may differ from `filter` until 'Suchen'). */
  entwurf: F;
  seite: PaginationState;
  sortierung: SortingState;
  auswahl: RowSelectionState;
}

const gleich = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A stored filter has the default's fields: the text and lists of text. */
export function istFilterWie<F extends Listenfilter>(standard: F) {
  return (x: unknown): x is F => {
    if (typeof x !== 'object' || x === null) return false;
    const f = x as Record<string, unknown>;
    return istText(f.q) && Object.keys(standard).every((k) => k === 'q' || istTextliste(f[k]));
  };
}

/** The filter without its lists: the search keeps its text (DataTable's 'Filter aufheben'). */
export function ohneListen<F extends Listenfilter>(f: F): F {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, k === 'q' ? v : []])) as unknown as F;
}

/** The request of a filter, page and sort order. */
export function listensuche<F extends Listenfilter, P extends string>(
  f: F,
  seite: PaginationState,
  sortierung: SortingState,
  startSortierung: P,
  minPosition?: number,
): Listensuche<F, P> {
  const { q, ...listen } = f;
  return {
    ...(listen as Partial<Omit<F, 'q'>>),
    q: q.trim() || undefined,
    page: seite.pageIndex,
    size: seite.pageSize,
    sortProperty: (sortierung[0]?.id as P | undefined) ?? startSortierung,
    sortDirection: sortierung[0]?.desc ? 'desc' : 'asc',
    minPosition,
  };
}

/** Options of a filter from its value list: the identifier (schluessel) and the text. */
export function useListenoptionen(liste: string) {
  // the filter shows what it has; a value list that fails to load is no reason to leave the page
  const { data } = useQuery({ ...wertelisteQuery(liste), meta: { globalErrorHandling: false } });
  return useMemo(() => (data ?? []).map((e) => ({ value: e.schluessel ?? String(e.id), label: e.value })), [data]);
}

const aktualisiert = <T,>(u: T | ((alt: T) => T), alt: T): T => (typeof u === 'function' ? (u as (alt: T) => T)(alt) : u);

/**
 * A tab's worklist. It waits for the personalisation, which belongs to the default filter when
 * it is active; a changed default starts the list again.
 */
export function Arbeitsliste<F extends Listenfilter, Z extends { id: number }, P extends string, K extends readonly unknown[]>(props: ArbeitslisteProps<F, Z, P, K>) {
  const personalisierung = useQuery(startPersonalisierungQuery());
  if (personalisierung.isPending) return <Laden />;
  const vorgabe = props.vorgabe(personalisierung.data);
  return <Liste key={JSON.stringify(vorgabe.standard)} {...props} {...vorgabe} />;
}

function Liste<F extends Listenfilter, Z extends { id: number }, P extends string, K extends readonly unknown[]>(p: ArbeitslisteProps<F, Z, P, K> & Vorgabe<F>) {
  const { standard, startSortierung } = p;
  const navigate = useNavigate();
  // after an own write the list waits until it holds it (read-your-writes, DESIGN §4)
  const minPosition = (useLocation().state as { minPosition?: number } | null)?.minPosition;
  const istFilter = useMemo(() => istFilterWie(standard), [standard]);
  const [z, setZ] = useSitzungszustand<Zustand<F>>(
    p.name,
    () => ({
      standard,
      filter: standard,
      entwurf: standard,
      seite: { pageIndex: 0, pageSize: ARBEITSLISTE_SEITE },
      sortierung: [{ id: startSortierung, desc: false }],
      auswahl: {},
    }),
    (x): x is Zustand<F> => {
      const s = x as Zustand<F> | null;
      return (
        typeof s === 'object' &&
        s !== null &&
        istFilter(s.standard) &&
        istFilter(s.filter) &&
        istFilter(s.entwurf) &&
        gleich(s.standard, standard) &&
        typeof s.seite?.pageIndex === 'number' &&
        typeof s.seite?.pageSize === 'number' &&
        Array.isArray(s.sortierung) &&
        typeof s.auswahl === 'object' &&
        s.auswahl !== null
      );
    },
  );
  const suche = useMemo(
    () => listensuche(z.filter, z.seite, z.sortierung, startSortierung, minPosition),
    [z.filter, z.seite, z.sortierung, startSortierung, minPosition],
  );
  const seite = useQuery(p.abfrage(suche));
  useEffect(() => {
    const e = seite.error;
    if (!e || isAbortError(e)) return;
    // an ended session goes the global way (login); anything else is told in place
    if (e instanceof ApiError && e.status === 401) handleGlobalError(e);
    else if (!(e instanceof ApiError) || e.status >= 500) console.error(e);
  }, [seite.error]);
  const exportieren = useExportiereArbeitsliste<Listensuche<F, P>>(p.export, {
    onSuccess: (datei) => speichereDatei(datei, p.export.dateiname),
  });

  const onPaginationChange: OnChangeFn<PaginationState> = (u) => setZ((s) => ({ ...s, seite: aktualisiert(u, s.seite) }));
  // a new sort order starts again at the first page
  const onSortingChange: OnChangeFn<SortingState> = (u) =>
    setZ((s) => ({ ...s, sortierung: aktualisiert(u, s.sortierung), seite: { ...s.seite, pageIndex: 0 } }));
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) => setZ((s) => ({ ...s, auswahl: aktualisiert(u, s.auswahl) }));
  const setzeEntwurf = (teil: Partial<F>) => setZ((s) => ({ ...s, entwurf: { ...s.entwurf, ...teil } }));
  /** Shows the list of a filter from its first page; the selection of the old list goes. */
  const anwenden = (f: F) => {
    const filter = { ...f, q: f.q.trim() };
    // 'Suchen' always asks the server again, also for the same filter
    if (gleich(filter, z.filter) && z.seite.pageIndex === 0) void seite.refetch();
    setZ((s) => ({ ...s, filter, entwurf: filter, seite: { ...s.seite, pageIndex: 0 }, auswahl: {} }));
  };
  const ausgewaehlt = Object.keys(z.auswahl)
    .filter((k) => z.auswahl[k])
    .map(Number);
  const titelId = `${p.name}-titel`;
  const pfad = p.pfad;

  return (
    <section aria-labelledby={titelId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titelId} className="text-xl font-semibold">
          {p.titel}
        </h2>
        {p.kopf}
      </div>
      <Suchformular
        label={`${p.titel} suchen`}
        spalten="sm:grid-cols-2 lg:grid-cols-4"
        aktionenClassName="sm:col-span-2 lg:col-span-4"
        onSuchen={() => anwenden(z.entwurf)}
        onZuruecksetzen={() => anwenden(standard)}
      >
        <FormField label="Suche" hint={p.suchhinweis}>
          <input name="q" type="search" maxLength={200} className={inputClass} value={z.entwurf.q} onChange={(e) => setzeEntwurf({ q: e.target.value } as Partial<F>)} />
        </FormField>
        {p.filterfelder(z.entwurf, setzeEntwurf)}
      </Suchformular>
      {p.personalisiert && <Personalisierungshinweis was={p.personalisierungText} />}
      <div className="flex flex-wrap items-center gap-2">
        <ExportAktion
          anzahl={ausgewaehlt.length}
          diese={p.titel}
          ohneAuswahl={`Der Export enthält alle ${p.titel} des Filters.`}
          disabled={exportieren.isPending}
          onExport={() => exportieren.mutate({ ids: ausgewaehlt, suche })}
        />
      </div>
      {seite.isError && <p className="text-sm text-red-700">Die {p.titel} konnten nicht geladen werden.</p>}
      <DataTable<Z>
        caption={p.titel}
        captionHidden
        id={LISTE_ID}
        columns={p.spalten}
        data={seite.data?.content ?? []}
        getRowId={(r) => String(r.id)}
        manual
        pagination={z.seite}
        onPaginationChange={onPaginationChange}
        sorting={z.sortierung}
        onSortingChange={onSortingChange}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        // the search keeps its text and drops the filters (the default hides cooling plants, say)
        ohneFilter={{ anzahl: seite.data?.ohneFilter, aufheben: () => anwenden(ohneListen(z.filter)) }}
        enableRowSelection
        rowSelection={z.auswahl}
        onRowSelectionChange={onRowSelectionChange}
        rowSelectionLabel={(r) => `${p.bezeichnung(r)} auswählen`}
        onRowClick={(r) => {
          const ziel = pfad(r);
          if (ziel) navigate(ziel);
        }}
      />
      {p.fuss}
    </section>
  );
}
