// Browser tests of the Aufgaben view (issue 14): operator → staff → operator without touching a
// filter. The operator requests an operation (or files a Stammdaten-Antrag, a plant change
// request); the authority staff member sees it in the Aufgaben view with the header's count,
// opens its decision in one click and decides; the operator sees the decision in his Aufgaben
// view. Another organisation's operator never sees those tasks; a reader has no Aufgaben view.
// Against the real binary with the demo data (see harness.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aufgabenLink, kennung, mitAppUndBrowser, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const REGIONALSTELLE = 'Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Koblenz';
const PAPIERFABRIK = 'Papierfabrik Rheinaue – Werk Koblenz';

const tabelle = (page) => page.getByRole('table', { name: 'Aufgaben' });
/** The row of the Aufgaben view that names this operation or plant. */
const zeile = (page, text) => tabelle(page).getByRole('row').filter({ hasText: text });

/** The number of open tasks the header shows (0 when it shows none). */
async function kopfAnzahl(page) {
  const name = (await aufgabenLink(page).getAttribute('aria-label')) ?? '';
  const m = /(\d+) offene/.exec(name);
  return m ? Number(m[1]) : name.includes('keine offenen') ? 0 : -1;
}

/** Opens the Aufgaben view through the header's link. */
async function oeffneAufgaben(page) {
  await aufgabenLink(page).click();
  await page.waitForURL((u) => u.pathname === '/eAbwasser/aufgaben');
  await page.getByRole('heading', { name: 'Aufgaben', level: 1 }).waitFor();
}

/** The tasks of a user through the API (the server decides who sees which). */
async function aufgabenVon(name) {
  return (await app.api('/aufgabe?size=1000', { token: await app.login(name) })).content;
}

describe('Aufgaben: the Freigabe of a requested operation', () => {
  it('betreiber requests, zust_sbd finds it in Aufgaben and rejects it with a comment, betreiber sees it rejected', async () => {
    const name = `E2E Kelterei ${kennung()}`;
    const kommentar = 'Die Lage der Einleitstelle fehlt.';
    let vorher;

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await until(() => kopfAnzahl(page), (n) => n >= 0, 'Kopfzeile zeigt die Zahl der offenen Aufgaben');
      vorher = await kopfAnzahl(page);
    });

    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      await page.getByRole('button', { name: 'Betrieb beantragen' }).click();
      const typ = page.getByRole('dialog', { name: 'Betrieb beantragen' });
      await typ.getByLabel(/^Betriebstyp/).selectOption({ label: 'Industrie' });
      await typ.getByRole('button', { name: 'Weiter' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/betriebsakte/neu/betriebsdaten');
      await page.getByLabel(/^Bezeichnung/).fill(name);
      await page.getByLabel('Zuständige Regionalstelle').selectOption({ label: REGIONALSTELLE });
      await page.getByLabel(/^Straße/).fill('Weinbergstraße');
      await page.getByLabel(/^Hausnummer/).fill(String(Math.floor(Math.random() * 900) + 10));
      await page.getByLabel(/^PLZ/).fill('56072');
      await page.getByLabel(/^Ort/).fill('Koblenz');
      await page.getByLabel(/^Hochwert/).fill('5580123,45');
      await page.getByLabel(/^Rechtswert/).fill('397654,3');
      await page.getByRole('button', { name: 'Betrieb beantragen' }).click();
      await toast(page, 'Betrieb erfolgreich beantragt').waitFor();

      // his own request, open, in his Aufgaben view (read-your-writes: no waiting, no filter)
      await oeffneAufgaben(page);
      await zeile(page, name).getByText('Freigabe des Betriebs').waitFor();
      await zeile(page, name).getByText('Offen', { exact: true }).waitFor();
      await zeile(page, name).getByText('Michael Wagner').waitFor();
      await zeile(page, name).getByRole('link', { name: `Anzeigen: ${name}` }).waitFor();
    });

    // another organisation's operator never sees it
    assert.ok(!(await aufgabenVon('betreiber2')).some((a) => a.betrieb === name), 'betreiber2 sieht den Antrag nicht');

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await until(() => kopfAnzahl(page), vorher + 1, 'Kopfzeile zählt den neuen Antrag');
      await oeffneAufgaben(page);
      await zeile(page, name).getByText('Michael Wagner').waitFor();
      // one click: the link opens the Freigabe dialog of the operation
      await zeile(page, name).getByRole('link', { name: `Freigabe bearbeiten: ${name}` }).click();
      await page.waitForURL((u) => /\/betriebsakte\/\d+\/betriebsdaten$/.test(u.pathname));
      const dialog = page.getByRole('dialog', { name: 'Freigabe bearbeiten' });
      await dialog.waitFor();
      // a rejection needs a reason
      await dialog.getByRole('button', { name: 'Zurückweisen' }).click();
      await dialog.getByText('Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt.').waitFor();
      await dialog.getByLabel('Kommentar').fill(kommentar);
      await dialog.getByRole('button', { name: 'Zurückweisen' }).click();
      await page.getByRole('alertdialog', { name: 'Zurückweisung bestätigen' }).getByRole('button', { name: 'Zurückweisen' }).click();
      await toast(page, 'Betrieb abgelehnt').waitFor();
      await page.getByTestId('freigabe').getByText('Abgewiesen', { exact: true }).waitFor();
      // decided: the count goes down at once, the task leaves the view
      await until(() => kopfAnzahl(page), vorher, 'Kopfzeile zählt den entschiedenen Antrag nicht mehr');
      await oeffneAufgaben(page);
      await until(() => zeile(page, name).count(), 0, 'entschiedener Antrag nicht mehr in den Aufgaben');
    });

    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await oeffneAufgaben(page);
      const z = zeile(page, name);
      await z.getByText('Abgewiesen', { exact: true }).waitFor();
      await z.getByText(/von Behörde/).waitFor(); // staff named as the Historie names them to operators (issue 42)
      await z.getByText(kommentar).waitFor();
      await z.getByRole('link', { name: `Anzeigen: ${name}` }).click();
      await page.getByTestId('freigabe').getByText('Abgewiesen', { exact: true }).waitFor();
    });
  });
});

describe('Aufgaben: a Stammdaten-Antrag and a plant change request', () => {
  it('betreiber files both, zust_sbd reviews them from Aufgaben, betreiber sees them decided', async () => {
    const neuerName = `${PAPIERFABRIK} ${kennung()}`;
    const betreiber = await app.login('betreiber');
    // the worklists are read models: they may still be catching up with the demo data
    const papier = await until(
      async () => (await app.api(`/betrieb/search?q=${encodeURIComponent('Papierfabrik Werk')}`, { token: betreiber })).content[0],
      (b) => b?.bezeichnung === PAPIERFABRIK,
      'die Papierfabrik in der Arbeitsliste',
    );
    const anlage = await until(
      async () => (await app.api(`/anlage/search?q=${encodeURIComponent('Kühlwasserkreislauf')}`, { token: betreiber })).content[0],
      (a) => a !== undefined,
      'der Kühlwasserkreislauf in der Arbeitsliste',
    );

    await withPage({ token: betreiber }, async (page) => {
      // the Stammdaten-Antrag through the operation file
      await page.goto(app.url(`/eAbwasser/betriebsakte/${papier.id}/betriebsdaten?modus=l`));
      await page.getByRole('button', { name: 'Stammdatenänderung beantragen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stammdatenänderung beantragen' });
      await until(() => dialog.getByLabel(/^Bezeichnung/).inputValue(), PAPIERFABRIK, 'Antrag beginnt mit der aktuellen Bezeichnung');
      await dialog.getByLabel(/^Bezeichnung/).fill(neuerName);
      await dialog.getByRole('button', { name: 'Antrag einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
    });
    // the plant change request (the plant screen's own browser test files one through the UI)
    await app.api(`/anlage/kuehlwasser/${anlage.id}/aenderungsantrag`, {
      token: betreiber,
      method: 'POST',
      body: { bezeichnung: `${anlage.bezeichnung} neu`, foerderungen: [], tegAbschluss: false, aufKAGelaende: false, kuehlart: '', kuehlBehandlung: '', kommentar: 'Neue Bezeichnung' },
    });

    // the tasks are a read model: both requests have reached it before zust_sbd looks
    await until(
      async () => (await aufgabenVon('zust_sbd')).filter((a) => a.betriebId === papier.id && a.status === 'OFFEN').map((a) => a.art).sort(),
      (arten) => arten.includes('STAMMDATENANTRAG') && arten.includes('ANLAGE_AENDERUNGSANTRAG'),
      'beide Anträge in den Aufgaben von zust_sbd',
      { timeout: 15_000, interval: 200 },
    );
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await oeffneAufgaben(page);
      // the Stammdaten-Antrag: the link opens its review
      await zeile(page, 'Stammdatenänderungsantrag').filter({ hasText: PAPIERFABRIK }).getByRole('link', { name: `Stammdatenänderungsantrag prüfen: ${PAPIERFABRIK}` }).click();
      const pruefen = page.getByRole('dialog', { name: 'Stammdatenänderungsantrag prüfen' });
      await pruefen.getByRole('checkbox', { name: 'Bezeichnung übernehmen' }).check();
      await pruefen.getByRole('button', { name: 'Übernehmen' }).click();
      await toast(page, 'Daten wurden übernommen und der Antrag gelöscht').waitFor();
      await pruefen.waitFor({ state: 'detached' });

      // the plant's change request: the link opens the plant with its review
      await oeffneAufgaben(page);
      await until(() => zeile(page, 'Stammdatenänderungsantrag').filter({ hasText: neuerName }).count(), 0, 'Stammdaten-Antrag erledigt');
      const plant = zeile(page, `Anlage ${anlage.bezeichnung}`);
      await plant.getByText('Änderungsantrag der Anlage').waitFor();
      await plant.getByRole('link', { name: `Änderungsantrag prüfen: Anlage ${anlage.bezeichnung}` }).click();
      await page.waitForURL((u) => u.pathname.endsWith(`/kuehlwasser/${anlage.id}/anlagendaten`));
      const pruefenAnlage = page.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
      await pruefenAnlage.getByRole('textbox', { name: 'Begründung zu Bezeichnung' }).fill('Der neue Name ist nicht belegt.');
      await pruefenAnlage.getByRole('textbox', { name: 'Begründung zu Kühlart' }).fill('Die Kühlart bleibt.');
      await pruefenAnlage.getByRole('button', { name: 'Ablehnen' }).click();
      await page.getByRole('alertdialog', { name: 'Ablehnung bestätigen' }).getByRole('button', { name: 'Ablehnen' }).click();
      await pruefenAnlage.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Anlagendaten', level: 1 }).waitFor();
      await until(() => page.getByText('Es liegt ein Änderungsantrag des Betreibers vor.').count(), 0, 'Änderungsantrag entschieden');
    });

    await withPage({ token: betreiber }, async (page) => {
      await page.goto(app.url('/eAbwasser/aufgaben'));
      await page.getByRole('heading', { name: 'Aufgaben', level: 1 }).waitFor();
      await zeile(page, 'Stammdatenänderungsantrag').filter({ hasText: neuerName }).getByText('Übernommen', { exact: true }).waitFor();
      await zeile(page, `Anlage ${anlage.bezeichnung}`).getByText('Abgelehnt', { exact: true }).waitFor();
    });
    assert.ok(!(await aufgabenVon('betreiber2')).some((a) => a.betriebId === papier.id), "betreiber2 sieht keine Aufgabe der Klärwerk Rheinaue");
  });

  it('leser_behoerde has no Aufgaben view', async () => {
    await withPage({ token: await app.login('leser_behoerde') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      await until(() => aufgabenLink(page).count(), 0, 'kein Aufgaben-Link für Leser');
      await page.goto(app.url('/eAbwasser/aufgaben'));
      await page.waitForURL((u) => u.pathname === '/eAbwasser/unautorisiert');
    });
  });
});
