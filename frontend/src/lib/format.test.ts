import { describe, expect, it } from 'vitest';
import {
  formatBis,
  formatDate,
  formatDateTime,
  formatDateTimeMinutes,
  formatFileSizeMB,
  formatNumber,
  isoDateFromGerman,
  parseGermanNumber,
} from './format';

describe('formatNumber', () => {
  it('uses German separators', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(1234567.891)).toBe('1.234.567,891');
    expect(formatNumber(-0.25)).toBe('-0,25');
    expect(formatNumber(0)).toBe('0');
  });
  it('shows fixed decimals when asked', () => {
    expect(formatNumber(1234.5, { decimals: 2 })).toBe('1.234,50');
    expect(formatNumber(2, { decimals: 3 })).toBe('2,000');
    expect(formatNumber(1.23456, { decimals: 2 })).toBe('1,23');
  });
  it('can leave out grouping', () => {
    expect(formatNumber(1234.5, { grouping: false })).toBe('1234,5');
  });
  it('shows nothing for missing values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatFileSizeMB', () => {
  it('divides by 1024 squared and shows 3 decimals', () => {
    expect(formatFileSizeMB(1048576)).toBe('1,000');
    expect(formatFileSizeMB(0)).toBe('0,000');
    expect(formatFileSizeMB(1572864)).toBe('1,500');
    expect(formatFileSizeMB(100 * 1024 * 1024)).toBe('100,000');
    expect(formatFileSizeMB(1234 * 1024 * 1024)).toBe('1.234,000');
  });
});

describe('parseGermanNumber', () => {
  it('reads German input', () => {
    expect(parseGermanNumber('1.234,5')).toBe(1234.5);
    expect(parseGermanNumber('1234,5')).toBe(1234.5);
    expect(parseGermanNumber('1234')).toBe(1234);
    expect(parseGermanNumber('-0,25')).toBe(-0.25);
    expect(parseGermanNumber(' 12 ')).toBe(12);
    expect(parseGermanNumber('1.234.567,891')).toBe(1234567.891);
    expect(parseGermanNumber('1.000')).toBe(1000); // a dot groups thousands (issue 43)
  });
  it('returns null for invalid input', () => {
    expect(parseGermanNumber('')).toBeNull();
    expect(parseGermanNumber('abc')).toBeNull();
    expect(parseGermanNumber('1,2,3')).toBeNull();
    expect(parseGermanNumber('12.34')).toBeNull();
    expect(parseGermanNumber('1.2345')).toBeNull();
    expect(parseGermanNumber('-')).toBeNull();
    // the one reader's refusals (lib/dezimal): no guessing
    expect(parseGermanNumber(',5')).toBeNull();
    expect(parseGermanNumber('1.00')).toBeNull();
    expect(parseGermanNumber('0.4')).toBeNull();
    expect(parseGermanNumber('1 000')).toBeNull();
    expect(parseGermanNumber('--1')).toBeNull();
    expect(parseGermanNumber(null)).toBeNull();
  });
});

describe('formatBis', () => {
  it("shows the open end of a validity as 'unbefristet' (issue 43), any other end as a date", () => {
    expect(formatBis('3000-01-01')).toBe('unbefristet');
    expect(formatBis('3000-01-01T00:00:00Z')).toBe('unbefristet');
    expect(formatBis('2036-12-31')).toBe('31.12.2036');
    expect(formatBis('')).toBe('');
    expect(formatBis(null)).toBe('');
  });
});

describe('formatDate', () => {
  it('turns ISO dates into dd.MM.yyyy without timezone shift', () => {
    expect(formatDate('2024-01-01')).toBe('01.01.2024');
    expect(formatDate('3000-01-01')).toBe('01.01.3000');
    expect(formatDate('1999-12-31')).toBe('31.12.1999');
  });
  it('shows the local day of a Date', () => {
    expect(formatDate(new Date(2024, 1, 29, 23, 59))).toBe('29.02.2024');
  });
  it('shows nothing for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('kein Datum')).toBe('');
  });
});

describe('formatDateTimeMinutes', () => {
  it('shows HH:mm, the time format of spec 002 §8', () => {
    expect(formatDateTimeMinutes(new Date(2024, 2, 5, 7, 8, 9))).toBe('05.03.2024 07:08');
    expect(formatDateTimeMinutes('')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows dd.MM.yyyy HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 7, 8, 9))).toBe('05.03.2024 07:08:09');
    const local = new Date(2025, 10, 21, 14, 3, 5);
    expect(formatDateTime(local.toISOString())).toBe('21.11.2025 14:03:05');
  });
  it('shows nothing for invalid values', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('x')).toBe('');
  });
});

describe('isoDateFromGerman', () => {
  it('reads dd.MM.yyyy', () => {
    expect(isoDateFromGerman('01.02.2024')).toBe('2024-02-01');
    expect(isoDateFromGerman('1.2.2024')).toBe('2024-02-01');
    expect(isoDateFromGerman('29.02.2024')).toBe('2024-02-29');
  });
  it('rejects impossible dates and other formats', () => {
    expect(isoDateFromGerman('29.02.2023')).toBeNull();
    expect(isoDateFromGerman('32.01.2024')).toBeNull();
    expect(isoDateFromGerman('01.13.2024')).toBeNull();
    expect(isoDateFromGerman('2024-02-01')).toBeNull();
    expect(isoDateFromGerman('')).toBeNull();
  });
});
