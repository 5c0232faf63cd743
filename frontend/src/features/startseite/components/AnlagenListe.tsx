import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, OnChangeFn, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { Laden } from '@/components/Laden';
import { FormField, inputClass } from '@/components/FormField';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { Suchformular } from '@/components/Suchformular';
import { ExportAktion } from '@/components/Zeilenauswahl';
import { speichereDatei } from '@/lib/download';
import { wertelisteQuery } from '@/lib/wertelisten';
import { ANLAGEN_EXPORT_DATEINAME, useExportiereAnlagen } from '@/features/startseite/api/exportiere-anlagen';
import { anlagenQuery, type AnlagenFilter, type AnlagenSuche, type AnlageZeile } from '@/features/startseite/api/anlagen';
import { startPersonalisierungQuery, type Personalisierung } from '@/features/startseite/api/personalisierung';
import { istText, istTextliste, useSitzungszustand } from '@/features/startseite/sitzungszustand';
import { ARBEITSLISTE_SEITE } from './seitengroesse';
import { Personalisierungshinweis } from './Personalisierungshinweis';
import { LISTE_ID } from './liste';

// Texts of the identifiers (spec 000 §3); the plant feature has the same, features do not share.
export const ANLAGENSTATUS = [
  { value: 'GEPLANT', label: 'Geplant' },
  { value: 'IN_BETRIEB', label: 'In Betrieb' },
  { value: 'STILLGELEGT', label: 'Stillgelegt' },
  { value: 'ANGESCHLOSSEN_AN', label: 'Angeschlossen an' },
];
export const ANLAGENTYPEN = [
  { value: 'ABWASSERBEHANDLUNG', label: 'Abwasserbehandlung' },
  { value: 'KUEHLWASSER', label: 'Kühlwasser' },
  { value: 'ENTLASTUNG', label: 'Entlastung' },
  { value: 'KANALNETZ', label: 'Kanalnetz' },
];
export const ANLAGENARTEN = [
  { value: 'ABWASSERBEHANDLUNG', label: 'Abwasserbehandlung' },
  { value: 'KLEINKLAERANLAGE', label: 'Kleinkläranlage' },
  { value: 'ABWASSERVORBEHANDLUNG', label: 'Abwasservorbehandlung' },
  { value: 'ANLAGE_AUSSERHALB', label: 'Anlage außerhalb' },
  { value: 'MISCHWASSER', label: 'Mischwasser' },
  { value: 'NIEDERSCHLAGSWASSER', label: 'Niederschlagswasser' },
];
const text = (liste: { value: string; label: string }[], v: string) => liste.find((x) => x.value === v)?.label ?? v;

/** The default filter of spec 002 §2: plants in operation, wastewater treatment, all kinds. */
export const ANLAGEN_STANDARD: AnlagenFilter = {
  q: '',
  anlagenstatus: ['IN_BETRIEB'],
  anlagentyp: ['ABWASSERBEHANDLUNG'],
  anlagenart: [],
  verwaltungseinheit: [],
};

/**
 * With an active personalisation, its Anlagentypen (when it names some) replace the default's
 * type and its Verwaltungseinheiten become the default's.
 */
export function anlagenStandard(p: Personalisierung | undefined): AnlagenFilter {
  if (!p?.active) return ANLAGEN_STANDARD;
  const typen = p.anlagentyp ?? [];
  return {
    ...ANLAGEN_STANDARD,
    anlagentyp: typen.length > 0 ? [...typen] : ANLAGEN_STANDARD.anlagentyp,
    verwaltungseinheit: (p.verwaltungseinheit ?? []).map(String),
  };
}

/** The options of the Verwaltungseinheit filter: the value list's entries by id. */
function useVerwaltungseinheiten() {
  // the filter shows what it has; a value list that fails to load is no reason to leave the page
  const { data } = useQuery({ ...wertelisteQuery('verwaltungseinheit'), meta: { globalErrorHandling: false } });
  return useMemo(() => (data ?? []).map((e) => ({ value: String(e.id), label: e.value })), [data]);
}

interface Zustand {
  /** The default the state began with: when the personalisation changes it, the list starts again. */
  standard: AnlagenFilter;
  filter: AnlagenFilter;
  entwurf: AnlagenFilter;
  seite: PaginationState;
  sortierung: SortingState;
  auswahl: RowSelectionState;
}

const istFilter = (x: unknown): x is AnlagenFilter => {
  const f = x as AnlagenFilter | null;
  return typeof f === 'object' && f !== null && istText(f.q) && istTextliste(f.anlagenstatus) && istTextliste(f.anlagentyp) && istTextliste(f.anlagenart) && istTextliste(f.verwaltungseinheit);
};
const istZustand = (x: unknown): x is Zustand => {
  const z = x as Zustand | null;
  return typeof z === 'object' && z !== null && istFilter(z.standard) && istFilter(z.filter) && istFilter(z.entwurf) && typeof z.seite?.pageIndex === 'number' && Array.isArray(z.sortierung) && typeof z.auswahl === 'object' && z.auswahl !== null;
};

const anlagePfad = (a: AnlageZeile) => `/betriebsakte/${a.betriebId}/${a.anlagentyp.toLowerCase()}/${a.id}/anlagendaten?modus=l`;

/**
 * Tab 'Anlagen' of the start page (its default): the plants worklist of what the caller sees. It
 * waits for the personalisation, whose Anlagentypen belong to the default filter when active.
 */
export function AnlagenListe() {
  const personalisierung = useQuery(startPersonalisierungQuery());
  if (personalisierung.isPending) return <Laden />;
  const standard = anlagenStandard(personalisierung.data);
  return <Liste key={JSON.stringify(standard)} standard={standard} personalisiert={!!personalisierung.data?.active && standard !== ANLAGEN_STANDARD} />;
}

function Liste({ standard, personalisiert }: { standard: AnlagenFilter; personalisiert: boolean }) {
  const navigate = useNavigate();
  const verwaltungseinheiten = useVerwaltungseinheiten();
  const exportieren = useExportiereAnlagen({ onSuccess: (datei) => speichereDatei(datei, ANLAGEN_EXPORT_DATEINAME) });
  const [z, setZ] = useSitzungszustand<Zustand>(
    'anlagen',
    () => ({
      filter: standard,
      entwurf: standard,
      standard,
      seite: { pageIndex: 0, pageSize: ARBEITSLISTE_SEITE },
      sortierung: [{ id: 'bezeichnung', desc: false }],
      auswahl: {},
    }),
    (x): x is Zustand => istZustand(x) && JSON.stringify(x.standard) === JSON.stringify(standard),
  );
  const suche = useMemo<AnlagenSuche>(
    () => ({
      q: z.filter.q.trim() || undefined,
      anlagenstatus: z.filter.anlagenstatus,
      anlagentyp: z.filter.anlagentyp,
      anlagenart: z.filter.anlagenart,
      verwaltungseinheit: z.filter.verwaltungseinheit,
      page: z.seite.pageIndex,
      size: z.seite.pageSize,
      sortProperty: (z.sortierung[0]?.id as AnlagenSuche['sortProperty'] | undefined) ?? 'bezeichnung',
      sortDirection: z.sortierung[0]?.desc ? 'desc' : 'asc',
    }),
    [z.filter, z.seite, z.sortierung],
  );
  const seite = useQuery(anlagenQuery(suche));
  const columns = useMemo<ColumnDef<AnlageZeile, unknown>[]>(
    () => [
      {
        id: 'bezeichnung',
        header: 'Abwasseranlage',
        accessorFn: (a) => a.bezeichnung,
        cell: ({ row: { original: a } }) => (
          <span className="flex flex-wrap items-center gap-x-2">
            <Link to={anlagePfad(a)} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
              {a.bezeichnung}
            </Link>
            {a.aenderungsantragOffen && (
              <span className="rounded border border-amber-700 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900">Änderungsantrag offen</span>
            )}
          </span>
        ),
      },
      { id: 'anlagentyp', header: 'Anlagentyp', accessorFn: (a) => text(ANLAGENTYPEN, a.anlagentyp) },
      { id: 'anlagenart', header: 'Anlagenart', accessorFn: (a) => text(ANLAGENARTEN, a.anlagenart) },
      { id: 'anlagenstatus', header: 'Status', accessorFn: (a) => text(ANLAGENSTATUS, a.anlagenstatus) },
      {
        id: 'betrieb',
        header: 'Betrieb',
        accessorFn: (a) => a.betrieb,
        cell: ({ row: { original: a } }) => (
          <Link to={`/betriebsakte/${a.betriebId}/betriebsdaten?modus=l`} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
            {a.betrieb}
          </Link>
        ),
      },
    ],
    [],
  );
  const aktualisiert = <T,>(u: T | ((alt: T) => T), alt: T): T => (typeof u === 'function' ? (u as (alt: T) => T)(alt) : u);
  const onPaginationChange: OnChangeFn<PaginationState> = (u) => setZ((s) => ({ ...s, seite: aktualisiert(u, s.seite) }));
  const onSortingChange: OnChangeFn<SortingState> = (u) =>
    setZ((s) => ({ ...s, sortierung: aktualisiert(u, s.sortierung), seite: { ...s.seite, pageIndex: 0 } }));
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) => setZ((s) => ({ ...s, auswahl: aktualisiert(u, s.auswahl) }));
  const setzeEntwurf = (teil: Partial<AnlagenFilter>) => setZ((s) => ({ ...s, entwurf: { ...s.entwurf, ...teil } }));
  /** Shows the list of a filter from its first page; the selection of the old list goes. */
  const anwenden = (f: AnlagenFilter) => {
    const filter = { ...f, q: f.q.trim() };
    if (JSON.stringify(filter) === JSON.stringify(z.filter) && z.seite.pageIndex === 0) void seite.refetch();
    setZ((s) => ({ ...s, filter, entwurf: filter, seite: { ...s.seite, pageIndex: 0 }, auswahl: {} }));
  };
  const ausgewaehlt = Object.keys(z.auswahl)
    .filter((k) => z.auswahl[k])
    .map(Number);

  return (
    <section aria-labelledby="anlagen-titel" className="space-y-3">
      <h2 id="anlagen-titel" className="text-xl font-semibold">
        Anlagen
      </h2>
      <Suchformular
        label="Anlagen suchen"
        spalten="sm:grid-cols-2 lg:grid-cols-4"
        aktionenClassName="sm:col-span-2 lg:col-span-4"
        onSuchen={() => anwenden(z.entwurf)}
        onZuruecksetzen={() => anwenden(standard)}
      >
        <FormField label="Suche" hint="Wörter der Bezeichnung oder des Betriebs, in beliebiger Reihenfolge">
          <input name="q" type="search" className={inputClass} value={z.entwurf.q} onChange={(e) => setzeEntwurf({ q: e.target.value })} />
        </FormField>
        <MehrfachAuswahl legend="Status" options={ANLAGENSTATUS} value={z.entwurf.anlagenstatus} onChange={(anlagenstatus) => setzeEntwurf({ anlagenstatus })} hint="Ohne Auswahl: alle" />
        <MehrfachAuswahl legend="Anlagentyp" options={ANLAGENTYPEN} value={z.entwurf.anlagentyp} onChange={(anlagentyp) => setzeEntwurf({ anlagentyp })} hint="Ohne Auswahl: alle" />
        <MehrfachAuswahl legend="Anlagenart" options={ANLAGENARTEN} value={z.entwurf.anlagenart} onChange={(anlagenart) => setzeEntwurf({ anlagenart })} hint="Ohne Auswahl: alle" />
        <MehrfachAuswahl
          legend="Verwaltungseinheit"
          options={verwaltungseinheiten}
          value={z.entwurf.verwaltungseinheit}
          onChange={(verwaltungseinheit) => setzeEntwurf({ verwaltungseinheit })}
          hint="Ort des Betriebs; ohne Auswahl: alle"
        />
      </Suchformular>
      {personalisiert && <Personalisierungshinweis was="Anlagentypen und Verwaltungseinheiten" />}
      <div className="flex flex-wrap items-center gap-2">
        <ExportAktion
          anzahl={ausgewaehlt.length}
          diese="Anlagen"
          ohneAuswahl="Der Export enthält alle Anlagen des Filters."
          disabled={exportieren.isPending}
          onExport={() => exportieren.mutate({ ids: ausgewaehlt, suche })}
        />
      </div>
      {seite.isError && <p className="text-sm text-red-700">Die Anlagen konnten nicht geladen werden.</p>}
      <DataTable<AnlageZeile>
        caption="Anlagen"
        captionHidden
        id={LISTE_ID}
        columns={columns}
        data={seite.data?.content ?? []}
        getRowId={(a) => String(a.id)}
        manual
        pagination={z.seite}
        onPaginationChange={onPaginationChange}
        sorting={z.sortierung}
        onSortingChange={onSortingChange}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        // the search keeps its text and drops the filters (the default hides cooling plants, say)
        ohneFilter={{ anzahl: seite.data?.ohneFilter, aufheben: () => anwenden({ q: z.filter.q, anlagenstatus: [], anlagentyp: [], anlagenart: [], verwaltungseinheit: [] }) }}
        enableRowSelection
        rowSelection={z.auswahl}
        onRowSelectionChange={onRowSelectionChange}
        rowSelectionLabel={(a) => `${a.bezeichnung} auswählen`}
        onRowClick={(a) => navigate(anlagePfad(a))}
      />
    </section>
  );
}
