import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { aktenSuche, standAus, useAktenLink } from './stand';

/** useAktenLink on a route whose URL has search. */
function linkAuf(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, { initialEntries: [`/betriebsakte/7/betriebsdaten${search}`] }, children);
  return renderHook(() => useAktenLink(), { wrapper }).result.current;
}

describe('links inside the operation file (aktenSuche, useAktenLink)', () => {
  it('keep the mode, and as of a date the day in read mode', () => {
    expect(aktenSuche('s', undefined)).toBe('?modus=s');
    expect(aktenSuche('l', '2022-02-01')).toBe('?modus=l&stand=2022-02-01');
    // nothing is edited as of a date, whatever the link asked for
    expect(aktenSuche('s', '2022-02-01')).toBe('?modus=l&stand=2022-02-01');
  });

  it("take the current route's mode and day", () => {
    expect(linkAuf('?modus=s')('/betriebsakte/7/verlauf')).toBe('/betriebsakte/7/verlauf?modus=s');
    expect(linkAuf('?modus=s')('/betriebsakte/7/verlauf', 'l')).toBe('/betriebsakte/7/verlauf?modus=l');
    expect(linkAuf('?modus=l&stand=2022-02-01')('/betriebsakte/7/abwasserbehandlung/70/anlagendaten')).toBe(
      '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l&stand=2022-02-01',
    );
    expect(linkAuf('?modus=l&stand=2022-02-01')('/betriebsakte/7/bescheid/3/bescheidsdaten', 's')).toBe(
      '/betriebsakte/7/bescheid/3/bescheidsdaten?modus=l&stand=2022-02-01',
    );
  });

  it("drop a Verlauf's version number, which shares the parameter's name but is no day", () => {
    expect(standAus(new URLSearchParams('stand=12'))).toBeUndefined();
    expect(linkAuf('?modus=l&stand=12')('/betriebsakte/7/betriebsdaten')).toBe('/betriebsakte/7/betriebsdaten?modus=l');
  });
});
