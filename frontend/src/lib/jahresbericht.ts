import { queryOptions, useQuery } from '@tanstack/react-query';
import { akteKeys } from '@/lib/akte/keys';
import { api } from '@/lib/api';

// The annual report's pieces that several features use (start page, operation file, the
// report's screens): status texts, paths, report years, whether the feature is on.

/**
 * Texts of the annual report's status and of its status lists' values (domain/jahresbericht
 * Statustexte; spec 001 §3.4, §4.2). One place for the worklist, the form and the tree.
 */
export const JAHRESBERICHTSTATUS = [
  { value: 'IN_BEARBEITUNG', label: 'In Bearbeitung' },
  { value: 'BEARBEITUNG_ABGESCHLOSSEN', label: 'Bearbeitung abgeschlossen' },
  { value: 'EINGEREICHT', label: 'Eingereicht' },
  { value: 'PLAUSIBILISIERT', label: 'Plausibilisiert' },
] as const;

const STATUSLISTENWERTE: Record<string, string> = {
  UNBEARBEITET: 'Unbearbeitet',
  ABGESCHLOSSEN: 'Abgeschlossen',
  NICHT_ERFORDERLICH: 'Nicht erforderlich',
  ENTFAELLT: 'Entfällt',
  ANGEFORDERT: 'Angefordert',
  UEBERMITTELT: 'Übermittelt',
};

/** The text of a report status or a status list's value (the key itself when it has none). */
export function statustext(wert: string | undefined | null): string {
  if (!wert) return '';
  return JAHRESBERICHTSTATUS.find((s) => s.value === wert)?.label ?? STATUSLISTENWERTE[wert] ?? wert;
}

/** The report's screen: operation file / jahresbericht / {id} / jahresberichtdaten (spec 001 §2.7). */
export const jahresberichtPfad = (betriebId: number | string, id: number | 'neu', modus: 'l' | 's' = 'l') =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/jahresbericht/${id}/jahresberichtdaten?modus=${modus}`;

/** The report years the filters offer: 2020 … this year (spec 002, Jahresberichte tab). */
export function berichtsjahre(heute: Date = new Date()): number[] {
  const out: number[] = [];
  for (let j = heute.getFullYear(); j >= 2020; j--) out.push(j);
  return out;
}

/** GET /api/jahresbericht/suevoaEnabled: whether the annual-report feature is on (configuration SUEVOA_ENABLED). */
export const suevoaQuery = () =>
  queryOptions({
    queryKey: akteKeys.jahresbericht.eingeschaltet(),
    queryFn: ({ signal }) => api.get<boolean>('/jahresbericht/suevoaEnabled', { signal }),
    staleTime: Infinity,
    meta: { globalErrorHandling: false },
  });

/** Whether the annual reports are shown (false while unknown). */
export function useSuevoa(): boolean {
  const { data } = useQuery(suevoaQuery());
  return data === true;
}

/** A measured value's date as stored (yyyy-MM-dd, yyyy-MM or yyyy by the template) as shown: 15.01.2025, 01.2025, 2025. */
export function messdatum(datum: string | undefined | null): string {
  if (!datum) return '';
  const [j, m, t] = datum.split('-');
  if (t) return `${t}.${m}.${j}`;
  if (m) return `${m}.${j}`;
  return j;
}

/** The exceedances of an operation in its file (beyond the spec, issue 31), of one year when given. */
export const ueberschreitungenPfad = (betriebId: number | string, jahr?: number) =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/jahresbericht/ueberschreitungen?modus=l${jahr ? `&jahr=${jahr}` : ''}`;
