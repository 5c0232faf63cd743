/** German (de-DE) formatting and parsing of numbers and dates. */

import { leseZahl } from './dezimal';

const LOCALE = 'de-DE';

export interface NumberFormatOptions {
  /** Exactly this many decimals (1234.5 with 2 → '1.234,50'). */
  decimals?: number;
  /** At most this many decimals when `decimals` is not set (default 3). */
  maxDecimals?: number;
  /** Thousands separators (default true). */
  grouping?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(opts: NumberFormatOptions): Intl.NumberFormat {
  const min = opts.decimals ?? 0;
  const max = opts.decimals ?? opts.maxDecimals ?? 3;
  const grouping = opts.grouping ?? true;
  const key = `${min}|${max}|${grouping}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
    });
    formatters.set(key, f);
  }
  return f;
}

/** 1234.5 → '1.234,5'; null, undefined and NaN → ''. */
export function formatNumber(value: number | null | undefined, opts: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(opts).format(value);
}

/** File size in MB with 3 decimals: bytes / 1024² (spec 000 §9); 1048576 → '1,000'. */
export function formatFileSizeMB(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  return formatNumber(bytes / (1024 * 1024), { decimals: 3 });
}

/**
 * Parses German number input for the fields sent as JSON numbers (coordinates, figures of plants
 * and operations) by the one reader (lib/dezimal leseZahl) after an optional minus, which the
 * forms answer with their own message: '1.234,5' → 1234.5, '-0,25' → -0.25, '1.000' → 1000.
 * Anything the reader refuses ('1.00', '0.4', ',5', '1 000', also '') → null.
 */
export function parseGermanNumber(input: string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const s = input.trim();
  const negativ = s.startsWith('-');
  const z = leseZahl(negativ ? s.slice(1) : s).zahl;
  if (!z || !Number.isFinite(z.wert)) return null;
  return negativ ? -z.wert : z.wert;
}

const pad = (n: number, len = 2) => String(n).padStart(len, '0');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * 'yyyy-MM-dd' → 'dd.MM.yyyy' by its digits, with no timezone shift.
 * A full date-time (with 'T') is shown as the local calendar day. Invalid → ''.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** The server's open end of a validity (domain/historie.Ende, bescheid.StandardAblaufdatum). */
export const OFFENES_ENDE = '3000-01-01';

/** How the open end reads on screen, in print and in exports (domain/historie.Unbefristet). */
export const UNBEFRISTET = 'unbefristet';

/**
 * The end of a validity ("gültig bis", "Ablaufdatum") for reading: 'unbefristet' for the open end
 * (3000-01-01 is no date a user should read, issue 43), else as formatDate. Date inputs keep the
 * date itself.
 */
export function formatBis(value: string | null | undefined): string {
  return value?.slice(0, 10) === OFFENES_ENDE ? UNBEFRISTET : formatDate(value);
}

/**
 * ISO date-time (or Date) → 'dd.MM.yyyy HH:mm' in local time, the spec's time format (spec 002
 * §8 "Time format HH:MM") for lists and detail screens. Invalid → ''.
 */
export function formatDateTimeMinutes(value: string | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 16);
}

/**
 * ISO date-time (or Date) → 'dd.MM.yyyy HH:mm:ss' in local time: the audit trail and the Verlauf,
 * where the order of changes within a minute matters. Invalid → ''.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** 'dd.MM.yyyy' (also 'd.M.yyyy') → 'yyyy-MM-dd'; impossible dates and other input → null. */
export function isoDateFromGerman(input: string | null | undefined): string | null {
  if (!input) return null;
  const m = GERMAN_DATE.exec(input.trim());
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  if (!isValidDate(y, mo, d)) return null;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

/** Today as 'yyyy-MM-dd' in local time. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
