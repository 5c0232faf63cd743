import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import type { Aufgabe } from '@/features/aufgaben/api/aufgaben';
import { aufgabePfad } from './Aufgaben';

beforeEach(() => {
  window.sessionStorage.clear();
  clearToasts();
});
afterEach(() => vi.unstubAllGlobals());

const aufgabe = (id: number, extra: Partial<Aufgabe>): Aufgabe => ({
  id,
  art: 'BETRIEB_FREIGABE',
  status: 'OFFEN',
  objektId: 12,
  objekt: '',
  objekttyp: '',
  betriebId: 12,
  betriebsId: '2026-000012',
  betrieb: 'Brauerei am Deutschen Eck',
  beantragtVon: 'Michael Wagner',
  beantragtAm: '2026-03-03T14:05:00',
  entschiedenVon: '',
  entschiedenAm: null,
  kommentar: '',
  ...extra,
});

const liste = [
  aufgabe(40, {}),
  aufgabe(41, { art: 'STAMMDATENANTRAG', objektId: 7, betriebId: 7, betrieb: 'Papierfabrik' }),
  aufgabe(42, { art: 'ANLAGE_AENDERUNGSANTRAG', objektId: 3, objekt: 'Kühlwasserkreislauf', objekttyp: 'KUEHLWASSER', betriebId: 7, betrieb: 'Papierfabrik' }),
];

function mock(aktionen: string[], globaleRolle: string, content: Aufgabe[]) {
  const m = apiMock({
    'GET /api/me': () => ({ ...ich(aktionen), globaleRolle }),
    'GET /api/aufgabe': () => ({ content, page: 0, size: 25, totalElements: content.length }),
    'GET /api/aufgabe/count': () => ({ count: content.filter((a) => a.status === 'OFFEN').length }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return m;
}

describe('Aufgaben', () => {
  it('staff: each open task links to its decision, the header counts them', async () => {
    mock(['AUFGABEN_LESEN', 'BETRIEB_FREIGEBEN', 'AENDERUNGSANTRAG_PRUEFEN'], 'BEHOERDE', liste);
    renderRoutes(routes, '/aufgaben');
    const tabelle = await screen.findByRole('table', { name: 'Aufgaben' });
    expect(await within(tabelle).findByRole('link', { name: 'Freigabe bearbeiten: Brauerei am Deutschen Eck' })).toHaveAttribute(
      'href',
      '/betriebsakte/12/betriebsdaten?modus=l&freigabe=true',
    );
    expect(within(tabelle).getByRole('link', { name: 'Stammdatenänderungsantrag prüfen: Papierfabrik' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/betriebsdaten?modus=l&stammdatenAntrag=true',
    );
    expect(within(tabelle).getByRole('link', { name: 'Änderungsantrag prüfen: Anlage Kühlwasserkreislauf' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/kuehlwasser/3/anlagendaten?modus=l&aenderungsantrag=true',
    );
    expect(screen.getByText('3 offene Aufgaben.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Aufgaben: 3 offene Aufgaben' })).toBeInTheDocument();
  });

  it('staff who may not decide a kind only see it, e.g. the system administrator a Freigabe', async () => {
    mock(['AUFGABEN_LESEN', 'AENDERUNGSANTRAG_PRUEFEN'], 'ADMIN', [liste[0]]);
    renderRoutes(routes, '/aufgaben');
    expect(await screen.findByRole('link', { name: 'Anzeigen: Brauerei am Deutschen Eck' })).toHaveAttribute(
      'href',
      '/betriebsakte/12/betriebsdaten?modus=l',
    );
  });

  it('operator: his applications with their state and the decision’s comment', async () => {
    const user = userEvent.setup();
    const m = mock(['AUFGABEN_LESEN'], 'ORGANISATION', [
      aufgabe(43, {}),
      aufgabe(40, { status: 'ABGEWIESEN', entschiedenVon: 'Claudia Schneider', entschiedenAm: '2026-03-04T09:00:00', kommentar: 'Die Einleitstelle fehlt.' }),
    ]);
    const { router } = renderRoutes(routes, '/aufgaben');
    const tabelle = await screen.findByRole('table', { name: 'Aufgaben' });
    expect(await screen.findByText('2 Anträge, davon 1 offen.')).toBeInTheDocument();
    expect(within(tabelle).getByText('Abgewiesen')).toBeInTheDocument();
    expect(within(tabelle).getByText('am 04.03.2026 von Claudia Schneider')).toBeInTheDocument();
    expect(within(tabelle).getByText('Die Einleitstelle fehlt.')).toBeInTheDocument();
    expect(within(tabelle).queryByRole('link', { name: /^Freigabe bearbeiten/ })).toBeNull();
    expect(m.called('GET', '/api/aufgabe')[0].url.searchParams.get('size')).toBe('25');
    await user.click(within(tabelle).getAllByRole('link', { name: 'Anzeigen: Brauerei am Deutschen Eck' })[0]);
    expect(router.state.location.pathname).toBe('/betriebsakte/12/betriebsdaten');
  });

  it('without AUFGABEN_LESEN there is no Aufgaben view', async () => {
    mock(['NACHRICHTEN_LESEN'], 'BEHOERDE', []);
    const { router } = renderRoutes(routes, '/aufgaben');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/unautorisiert'));
  });

  it("a measuring point's Freigabe opens the point's decision through the file's route that finds its plant", () => {
    const a = aufgabe(43, { art: 'MESSSTELLE_FREIGABE', objektId: 90, objekt: 'Zulauf', objekttyp: 'NR_1', betriebId: 7 });
    expect(aufgabePfad(a, true)).toBe('/betriebsakte/7/messstellen/90?modus=l&freigabe=true');
    expect(aufgabePfad(a, false)).toBe('/betriebsakte/7/messstellen/90?modus=l');
    // with its plant named: straight to the point's screen
    const b = { ...a, anlageId: 70, anlagentyp: 'ABWASSERBEHANDLUNG' };
    expect(aufgabePfad(b, true)).toBe('/betriebsakte/7/abwasserbehandlung/70/messstellen/90/messstellendaten?modus=l&freigabe=true');
  });

  it("a submitted annual report leads to its Jahresdaten, never to another kind's decision", () => {
    const a = aufgabe(44, { art: 'JAHRESBERICHT', objektId: 5, objekt: 'Jahresbericht 2024 – Betriebskläranlage', objekttyp: 'JAHRESBERICHT', betriebId: 7 });
    expect(aufgabePfad(a, true)).toBe('/betriebsakte/7/jahresbericht/5/jahresberichtdaten?modus=l');
    expect(aufgabePfad(a, false)).toBe('/betriebsakte/7/jahresbericht/5/jahresberichtdaten?modus=l');
  });
});
