import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Kartenauswahl, KARTE_WAEHLEN, kartenUrl, POPUP_BLOCKIERT } from './Kartenauswahl';
import { ABFRAGE_MS, KARTEN_QUELLE, lageAusTexten, type Kartennachricht } from './protokoll';

/** A stand-in of the map window: what the opener posts to it, whether it is closed. */
function fenster() {
  const gesendet: Kartennachricht[] = [];
  const w = {
    closed: false,
    focus: vi.fn(),
    postMessage: vi.fn((n: Kartennachricht, ziel: string) => {
      expect(ziel).toBe(window.location.origin);
      gesendet.push(n);
    }),
  };
  return { w, gesendet };
}

/** A message event as the browser delivers it: origin and source set. */
function nachricht(daten: unknown, source: unknown, origin = window.location.origin) {
  const e = new MessageEvent('message', { data: daten, origin });
  Object.defineProperty(e, 'source', { value: source });
  act(() => {
    window.dispatchEvent(e);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Kartenauswahl', () => {
  it("says 'Popup blockiert – Bitte erlauben sie Popup Fenster' when the browser refuses the window", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<Kartenauswahl lage={{ rechtswert: 412345, hochwert: 5567890 }} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: KARTE_WAEHLEN }));
    expect(screen.getByRole('alert')).toHaveTextContent(POPUP_BLOCKIERT);
    const [url, name, merkmale] = open.mock.calls[0];
    expect(merkmale).toBe('width=900,height=600');
    const adresse = new URL(String(url), 'http://localhost');
    expect(adresse.pathname).toMatch(/\/karte$/);
    expect(adresse.searchParams.get('ticket')).toBe(name);
    expect([adresse.searchParams.get('rechtswert'), adresse.searchParams.get('hochwert')]).toEqual(['412345', '5567890']);
  });

  it('is disabled without the permission (spec 000 §6)', () => {
    render(<Kartenauswahl lage={undefined} onChange={vi.fn()} disabled />);
    expect(screen.getByRole('button', { name: KARTE_WAEHLEN })).toBeDisabled();
  });

  it('asks the window every second until it is ready, sends the point, and takes only its own answer', () => {
    const { w, gesendet } = fenster();
    const open = vi.spyOn(window, 'open').mockReturnValue(w as unknown as Window);
    const onChange = vi.fn();
    render(<Kartenauswahl lage={{ rechtswert: 412345.5, hochwert: 5567890 }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: KARTE_WAEHLEN }));
    expect(screen.queryByRole('alert')).toBeNull();
    const ticket = String(open.mock.calls[0][1]);
    expect(ticket).toMatch(/^karte-[0-9a-f]{32}$/);
    expect(gesendet).toEqual([{ quelle: KARTEN_QUELLE, art: 'bereit?', ticket }]);
    act(() => vi.advanceTimersByTime(ABFRAGE_MS));
    act(() => vi.advanceTimersByTime(ABFRAGE_MS));
    expect(gesendet.filter((n) => n.art === 'bereit?')).toHaveLength(3);

    // an answer with another ticket, from another origin or another window does not count
    nachricht({ quelle: KARTEN_QUELLE, art: 'bereit', ticket: 'karte-fremd' }, w);
    nachricht({ quelle: KARTEN_QUELLE, art: 'bereit', ticket }, w, 'https://boese.example');
    nachricht({ quelle: KARTEN_QUELLE, art: 'bereit', ticket }, window);
    expect(gesendet.some((n) => n.art === 'lage')).toBe(false);

    nachricht({ quelle: KARTEN_QUELLE, art: 'bereit', ticket }, w);
    expect(gesendet.at(-1)).toEqual({ quelle: KARTEN_QUELLE, art: 'lage', ticket, lage: { rechtswert: 412345.5, hochwert: 5567890 } });
    act(() => vi.advanceTimersByTime(3 * ABFRAGE_MS));
    expect(gesendet.filter((n) => n.art === 'bereit?')).toHaveLength(3);

    const lage = { rechtswert: 412400, hochwert: 5567850 };
    nachricht({ quelle: KARTEN_QUELLE, art: 'uebernehmen', ticket: 'karte-fremd', lage }, w);
    nachricht({ quelle: KARTEN_QUELLE, art: 'uebernehmen', ticket, lage }, w, 'https://boese.example');
    nachricht({ quelle: 'anderes', art: 'uebernehmen', ticket, lage }, w);
    nachricht({ quelle: KARTEN_QUELLE, art: 'uebernehmen', ticket, lage: { rechtswert: 'x' } }, w);
    expect(onChange).not.toHaveBeenCalled();
    nachricht({ quelle: KARTEN_QUELLE, art: 'uebernehmen', ticket, lage }, w);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(lage);
  });

  it('stops asking when the window was closed before it answered', () => {
    const { w, gesendet } = fenster();
    vi.spyOn(window, 'open').mockReturnValue(w as unknown as Window);
    render(<Kartenauswahl lage={undefined} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: KARTE_WAEHLEN }));
    w.closed = true;
    act(() => vi.advanceTimersByTime(5 * ABFRAGE_MS));
    expect(gesendet).toHaveLength(1);
  });
});

describe('map window address and form values', () => {
  it('leaves out what the form does not have; reads German numbers of the form fields', () => {
    expect(new URL(kartenUrl('karte-1', { rechtswert: 412345 }), 'http://localhost').searchParams.has('hochwert')).toBe(false);
    expect(lageAusTexten('412345,5', '5.567.890')).toEqual({ rechtswert: 412345.5, hochwert: 5567890 });
    expect(lageAusTexten('', 'abc')).toEqual({ rechtswert: undefined, hochwert: undefined });
  });
});
