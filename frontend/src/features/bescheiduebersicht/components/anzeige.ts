import { gespeicherteZahl } from '@/lib/dezimal';
import { formatNumber, isoDateFromGerman } from '@/lib/format';

// The German forms of the overviews (spec 001 §1): dates dd.MM.yyyy, numbers with the decimal
// comma, the search's dates as yyyymmdd.

export const MSG_DATUM = 'Ungültiges Datumsformat';

/**
 * A filter's date as the search sends it: TT.MM.JJJJ → yyyymmdd; '' stays ''; anything else is
 * null (the field shows 'Ungültiges Datumsformat').
 */
export function alsSuchdatum(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const iso = isoDateFromGerman(t);
  return iso ? iso.replaceAll('-', '') : null;
}

/**
 * A stored decimal string (lib/dezimal gespeicherteZahl: "1234,5", before issue 43 also "12.5")
 * with the decimal comma and thousands dots, its decimals as stored; other text as it is.
 */
export function dezimalAnzeige(wert: string | null | undefined): string {
  const s = (wert ?? '').trim();
  const z = gespeicherteZahl(s);
  if (!z) return s;
  return formatNumber(z.wert, { decimals: z.nachkomma.length });
}

/** The labels of the Bescheid statuses (spec 001 §3.1). */
export const BESCHEIDSTATUS: Record<string, string> = {
  ANGELEGT: 'Angelegt',
  BEANTRAGT: 'Beantragt',
  IN_BEARBEITUNG: 'In Bearbeitung',
  FREIGEGEBEN: 'Freigegeben',
};

/** The path of a Bescheid's data screen (spec 001 §2.1: antrag/ while an application); useAktenLink adds the mode. */
export const bescheidPfad = (betriebId: string, z: { id: number; antrag: boolean }) =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/${z.antrag ? 'antrag' : 'bescheid'}/${z.id}/bescheidsdaten`;
