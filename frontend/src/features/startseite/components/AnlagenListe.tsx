import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { useDarf, useMe } from '@/lib/auth';
import { wertelisteQuery } from '@/lib/wertelisten';
import { ANLAGEN_EXPORT, anlagenQuery, type AnlagenFilter, type AnlageZeile } from '@/features/startseite/api/anlagen';
import type { Personalisierung } from '@/features/startseite/api/personalisierung';
import { Arbeitsliste } from './Arbeitsliste';

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

const anlagePfad = (a: AnlageZeile, modus = 'l') => `/betriebsakte/${a.betriebId}/${a.anlagentyp.toLowerCase()}/${a.id}/anlagendaten?modus=${modus}`;

const spalten: ColumnDef<AnlageZeile, unknown>[] = [
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
];

/** The column of the edit links (the privileged roles, as on the Betriebe tab; spec 002 §2, §6). */
const bearbeitenSpalte: ColumnDef<AnlageZeile, unknown> = {
  id: 'aktionen',
  header: () => <span className="sr-only">Aktionen</span>,
  enableSorting: false,
  cell: ({ row: { original: a } }) => (
    <Link
      to={anlagePfad(a, 's')}
      aria-label={`Bearbeiten ${a.bezeichnung}`}
      className="rounded border border-blue-800 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-blue-900 hover:bg-blue-50"
      onClick={(e) => e.stopPropagation()}
    >
      Bearbeiten
    </Link>
  ),
};

/** Tab 'Anlagen' of the start page (its default): the plants worklist of what the caller sees. */
export function AnlagenListe() {
  const verwaltungseinheiten = useVerwaltungseinheiten();
  const darf = useDarf();
  const me = useMe();
  // edit links for the privileged roles whose plant screens have an edit mode
  const bearbeiten = (me.data?.aktionen.includes('STARTSEITE_BEARBEITEN') ?? false) && darf('BEARBEITUNGSMODUS_NUTZEN');
  return (
    <Arbeitsliste
      name="anlagen"
      titel="Anlagen"
      vorgabe={(p) => {
        const standard = anlagenStandard(p);
        return { standard, personalisiert: !!p?.active && standard !== ANLAGEN_STANDARD };
      }}
      personalisierungText="Anlagentypen und Verwaltungseinheiten"
      startSortierung="bezeichnung"
      abfrage={anlagenQuery}
      export={ANLAGEN_EXPORT}
      suchhinweis="Wörter der Bezeichnung oder des Betriebs, in beliebiger Reihenfolge"
      filterfelder={(f, setze) => (
        <>
          <MehrfachAuswahl legend="Status" options={ANLAGENSTATUS} value={f.anlagenstatus} onChange={(anlagenstatus) => setze({ anlagenstatus })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Anlagentyp" options={ANLAGENTYPEN} value={f.anlagentyp} onChange={(anlagentyp) => setze({ anlagentyp })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Anlagenart" options={ANLAGENARTEN} value={f.anlagenart} onChange={(anlagenart) => setze({ anlagenart })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl
            legend="Verwaltungseinheit"
            options={verwaltungseinheiten}
            value={f.verwaltungseinheit}
            onChange={(verwaltungseinheit) => setze({ verwaltungseinheit })}
            hint="Ort des Betriebs; ohne Auswahl: alle"
          />
        </>
      )}
      spalten={bearbeiten ? [...spalten, bearbeitenSpalte] : spalten}
      pfad={(a) => anlagePfad(a)}
      bezeichnung={(a) => a.bezeichnung}
    />
  );
}
