import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import type { MeineWiedervorlage } from '@/features/startseite/api/wiedervorlagen';
import { bezugText } from './WiedervorlagenListe';

beforeEach(() => {
  window.sessionStorage.clear();
  clearToasts();
});
afterEach(() => vi.unstubAllGlobals());

const wv = (id: number, extra: Partial<MeineWiedervorlage>): MeineWiedervorlage => ({
  id,
  datum: null,
  betreff: `Betreff ${id}`,
  betriebInfo: 'Papierfabrik Rheinaue – Werk Koblenz (B-1)',
  fachobjekt: 'betrieb',
  fachobjektId: 1,
  betriebId: 1,
  faellig: false,
  loeschbar: false,
  bezugZuFachobjekt: 'BETRIEB',
  anlage: '',
  messstelle: '',
  aktenzeichen: '',
  jahr: 0,
  pfad: `/betriebsakte/${extra.betriebId ?? 1}/wiedervorlagen`,
  ...extra,
});

function mock(andere?: MeineWiedervorlage[]) {
  let liste = andere ?? [
    wv(3, { datum: '2020-03-01', betreff: 'Nachweis der Eigenkontrolle anfordern', faellig: true, loeschbar: true }),
    wv(4, { datum: '2099-01-15', betreff: 'Bescheid prüfen', betriebInfo: 'Brauerei am Deutschen Eck (B-2)', betriebId: 2, fachobjektId: 2 }),
    wv(5, { betreff: 'Ohne Datum' }),
    wv(6, {
      betreff: 'Kühlart nachfragen',
      fachobjekt: 'anlage',
      fachobjektId: 7,
      bezugZuFachobjekt: 'AENDERUNGSANTRAG_ANLAGE',
      anlage: 'Kühlwasserkreislauf',
      pfad: '/betriebsakte/1/kuehlwasser/7/wiedervorlagen',
    }),
    wv(7, {
      betreff: 'Probenahme abstimmen',
      fachobjekt: 'messstelle',
      fachobjektId: 9,
      bezugZuFachobjekt: 'MESSSTELLE',
      anlage: 'Betriebskläranlage',
      messstelle: 'Zulauf',
      pfad: '/betriebsakte/1/abwasserbehandlung/1/messstellen/9/wiedervorlagen',
    }),
  ];
  const m = apiMock({
    'GET /api/me': () => ich(['WIEDERVORLAGEN_LESEN']),
    'GET /api/personalisierung': () => ({ active: false, betriebstyp: [], version: 0 }),
    'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 50, totalElements: 0 }),
    'GET /api/wiedervorlage': () => liste,
    'DELETE /api/wiedervorlage/3': () => {
      liste = liste.filter((w) => w.id !== 3);
      return { id: 3, message: 'Die Wiedervorlage wurde erfolgreich gelöscht.', position: 9 };
    },
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return m;
}

describe('start page: Wiedervorlagen', () => {
  it('shows Datum, Betrieb and Betreff; due ones are marked and counted; delete only where loeschbar, after confirmation', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/?reiter=wiedervorlagen');
    const tabelle = await screen.findByRole('table', { name: 'Wiedervorlagen' });
    const faellig = (await within(tabelle).findByText('Nachweis der Eigenkontrolle anfordern')).closest('tr')!;
    expect(within(tabelle).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Datum',
      'Betrieb',
      'Bezug',
      'Betreff',
      'Aktionen',
    ]);
    // a reminder on a plant's change request links to the plant's reminders
    expect(within(tabelle).getByRole('link', { name: 'Änderungsantrag zur Anlage Kühlwasserkreislauf' })).toHaveAttribute(
      'href',
      '/betriebsakte/1/kuehlwasser/7/wiedervorlagen?modus=l',
    );
    // one on a measuring point names it and its plant, linked to the point's reminders
    expect(within(tabelle).getByRole('link', { name: 'Messstelle Zulauf (Anlage Betriebskläranlage)' })).toHaveAttribute(
      'href',
      '/betriebsakte/1/abwasserbehandlung/1/messstellen/9/wiedervorlagen?modus=l',
    );
    expect(within(faellig).getAllByRole('cell')[0]).toHaveTextContent('01.03.2020 fällig');
    expect(screen.getByText('1 Wiedervorlage ist fällig.')).toBeInTheDocument();
    expect(within(tabelle).getByRole('link', { name: 'Brauerei am Deutschen Eck (B-2)' })).toHaveAttribute(
      'href',
      '/betriebsakte/2/wiedervorlagen?modus=l',
    );
    // only the reminder the user may delete has the button
    expect(within(tabelle).getAllByRole('button', { name: /^Löschen/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Löschen Nachweis der Eigenkontrolle anfordern',
    ]);

    await user.click(within(faellig).getByRole('button', { name: 'Löschen Nachweis der Eigenkontrolle anfordern' }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie die Wiedervorlage „Nachweis der Eigenkontrolle anfordern“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(m.called('DELETE', '/api/wiedervorlage/3')).toHaveLength(0);

    await user.click(within(faellig).getByRole('button', { name: 'Löschen Nachweis der Eigenkontrolle anfordern' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Löschen bestätigen' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Die Wiedervorlage wurde erfolgreich gelöscht.')).toBeInTheDocument();
    expect(m.called('DELETE', '/api/wiedervorlage/3')).toHaveLength(1);
    await waitFor(() => expect(within(tabelle).queryByText('Nachweis der Eigenkontrolle anfordern')).toBeNull());
    // four reminders remain, none due: the line says so, never "Keine fälligen Wiedervorlagen."
    expect(screen.getByText('4 Wiedervorlagen, davon keine fällig.')).toBeInTheDocument();
    expect(screen.queryByText('Keine fälligen Wiedervorlagen.')).not.toBeInTheDocument();
  });

  it("names and links reminders on an annual report, a Bescheid and a relief plant (spec 000 §3's kinds)", async () => {
    mock([
      wv(11, {
        betreff: 'Messwerte prüfen',
        fachobjekt: 'jahresbericht',
        fachobjektId: 8,
        bezugZuFachobjekt: 'JAHRESBERICHT_PARAMETER_MESSWERTE',
        anlage: 'Betriebskläranlage',
        jahr: 2026,
        pfad: '/betriebsakte/1/jahresbericht/8/wiedervorlagen',
      }),
      wv(12, {
        betreff: 'Zuordnung prüfen',
        fachobjekt: 'bescheid',
        fachobjektId: 5,
        bezugZuFachobjekt: 'BESCHEID_MESSSTELLE',
        aktenzeichen: '32-5/21',
        pfad: '/betriebsakte/1/bescheid/5/wiedervorlagen',
      }),
      wv(13, {
        betreff: 'Entlastungen zählen',
        fachobjekt: 'anlage',
        fachobjektId: 4,
        bezugZuFachobjekt: 'ENTLASTUNG',
        anlage: 'RÜB Nord',
        pfad: '/betriebsakte/1/entlastung/4/wiedervorlagen',
      }),
    ]);
    renderRoutes(routes, '/?reiter=wiedervorlagen');
    const tabelle = await screen.findByRole('table', { name: 'Wiedervorlagen' });
    for (const [name, href] of [
      ['Parameter und Messwerte: Jahresbericht 2026 (Anlage Betriebskläranlage)', '/betriebsakte/1/jahresbericht/8/wiedervorlagen?modus=l'],
      ['Messstellen des Bescheids Az. 32-5/21', '/betriebsakte/1/bescheid/5/wiedervorlagen?modus=l'],
      ['Entlastungsanlage RÜB Nord', '/betriebsakte/1/entlastung/4/wiedervorlagen?modus=l'],
    ]) {
      expect(await within(tabelle).findByRole('link', { name })).toHaveAttribute('href', href);
    }
    const r = { anlage: 'KA', messstelle: '', jahr: 2025 };
    expect(bezugText({ ...r, bezugZuFachobjekt: 'JAHRESBERICHT' })).toBe('Jahresbericht 2025 (Anlage KA)');
    expect(bezugText({ ...r, bezugZuFachobjekt: 'BERICHT' })).toBe('Bericht: Jahresbericht 2025 (Anlage KA)');
    expect(bezugText({ ...r, bezugZuFachobjekt: 'BESCHEID', aktenzeichen: '' })).toBe('Bescheid');
    expect(bezugText({ ...r, messstelle: 'Zulauf', bezugZuFachobjekt: 'BESCHEID_MESSSTELLE' })).toBe('Zuordnung der Messstelle Zulauf zum Bescheid (Anlage KA)');
  });
});
