// Browser tests of the application shell against the real binary (see harness.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const rangeLabel = (page) => page.getByText(/^\d+-\d+ von \d+$/);

/** An operation requested by the operator and approved by zust_sbd (Claudia Schneider); its Betriebs-Nr. */
async function freigegebenerBetrieb() {
  const token = await app.login('betreiber');
  // zust_sbd decides for the Koblenz Regionalstelle (the demo accounts' authority)
  const rs = (await app.api('/regionalstelle/', { token })).find((r) => r.value.includes('Koblenz'));
  const { id } = await app.api('/betrieb?typ=INDUSTRIE', {
    token,
    method: 'POST',
    body: {
      bezeichnung: `E2E Protokoll ${Date.now()}`,
      adresse: { strasse: 'Protokollweg', hausnummer: String(Date.now() % 1000), plz: '56070', ort: 'Koblenz' },
      betriebsstatus: { id: 'GEPLANT' },
      behoerde: { id: rs.id },
      lage: { hochwert: 5582000.5, rechtswert: 398000.25 },
      skipBetriebExistsCheck: true,
    },
  });
  const sbd = await app.login('zust_sbd');
  await app.api('/betrieb/freigabe', { token: sbd, method: 'POST', body: { betriebId: id, kommentar: 'geprüft', neuerStatus: 'FREIGEGEBEN' } });
  return (await app.api(`/betrieb/${id}`, { token: sbd })).betriebsId;
}

describe('application shell', () => {
  it('loads at /eAbwasser/ with navigation, footer and skip link', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      await page.getByRole('contentinfo').getByText('Version 1.5.12').waitFor();
      await pruefeBarrierefreiheit(page, 'Startseite');
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' }).waitFor();
      await until(() => page.locator('html').getAttribute('lang'), 'de', 'Sprache der Seite');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
      await until(() => skip.evaluate((el) => el === document.activeElement), true, 'skip link is the first tab stop');
      await until(() => skip.isVisible(), true, 'skip link is visible when focused');
    });
  });

  it('redirects / on the server to /eAbwasser/', async () => {
    const res = await fetch(app.url('/'), { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.match(res.headers.get('location') ?? '', /^(https?:\/\/[^/]+)?\/eAbwasser\/$/);
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/'));
      await page.getByRole('heading', { name: 'Startseite' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/eAbwasser/');
    });
  });

  it('shows the not-found page for an unknown route; Zurück goes back', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('heading', { name: 'Startseite' }).waitFor();
      await page.goto(app.url('/eAbwasser/gibt-es-nicht'));
      await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/eAbwasser/nicht-gefunden');
      await page.getByRole('button', { name: 'Zurück' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/');
    });
  });

  it('shows the access-denied page with its logout link', async () => {
    // an account no other test here uses: the logout ends its sessions on the server
    await withPage({ token: await app.login('leser_behoerde') }, async (page) => {
      await page.goto(app.url('/eAbwasser/unautorisiert'));
      await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
      await pruefeBarrierefreiheit(page, 'Zugriff verweigert');
      await page.getByRole('link', { name: 'Abmelden und erneut anmelden' }).click();
      await page.getByRole('heading', { name: 'Anmeldung' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/eAbwasser/login');
    });
  });
});

describe('operation file', () => {
  it('corrects an invalid modus to l, keeping the other parameters', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      // the info answer is fixed here: this test is about the route, not the Betrieb data
      await page.route('**/api/betrieb/1/info/**', (route) =>
        route.fulfill({ json: { bezeichnung: 'Kläranlage Testdorf', betriebsstatus: 'FREIGEGEBEN' } }),
      );
      await page.goto(app.url('/eAbwasser/betriebsakte/1/betriebsdaten?modus=x&typ=3'));
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      const url = new URL(page.url());
      assert.equal(url.pathname, '/eAbwasser/betriebsakte/1/betriebsdaten');
      assert.equal(url.searchParams.get('typ'), '3');
      const tree = page.getByRole('navigation', { name: 'Betriebsakte' });
      await tree.getByText('Kläranlage Testdorf').waitFor();
      const toggle = tree.getByRole('button', { name: 'Bearbeiten' });
      await until(() => toggle.getAttribute('aria-pressed'), 'false', 'Bearbeiten-Schalter im Lesemodus nicht gedrückt');
      await toggle.click();
      await page.waitForURL((u) => u.searchParams.get('modus') === 's');
      await until(() => toggle.getAttribute('aria-pressed'), 'true', 'Bearbeiten-Schalter im Bearbeitungsmodus gedrückt');
    });
  });

  it('redirects the bare operation path to betriebsdaten, keeping the query', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.route('**/api/betrieb/1/info/**', (route) =>
        route.fulfill({ json: { bezeichnung: 'Kläranlage Testdorf', betriebsstatus: 'FREIGEGEBEN' } }),
      );
      await page.goto(app.url('/eAbwasser/betriebsakte/1?modus=s'));
      await page.waitForURL((u) => u.pathname === '/eAbwasser/betriebsakte/1/betriebsdaten');
      assert.equal(new URL(page.url()).searchParams.get('modus'), 's');
    });
  });

  it('an operation the server does not know shows the not-found page', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/betriebsakte/987654321/betriebsdaten?modus=l'));
      await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Die gewünschte Seite existiert nicht.' }).waitFor();
    });
  });
});

describe('Ereignisprotokoll', () => {
  it('lists the audit trail of the demo data, pages and filters it', async () => {
    // an operation approved by Claudia Schneider (zust_sbd), to filter for
    const betriebsNr = await freigegebenerBetrieb();
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/protokoll'));
      await page.getByRole('heading', { name: 'Ereignisprotokoll' }).waitFor();
      const table = page.getByRole('table', { name: 'Ereignisse' });
      const bodyRows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /Details/ }) });
      await bodyRows.first().waitFor();

      const label = await until(() => rangeLabel(page).textContent(), /^1-\d+ von \d+$/, 'Bereichsangabe der ersten Seite');
      const [, to, total] = label.match(/^1-(\d+) von (\d+)$/)?.map(Number) ?? [];
      assert.ok(total >= 1, `range label '${label}'`);
      assert.equal(to, Math.min(10, total));
      // the label can change before the new page of rows is rendered: wait for the rows themselves
      await until(() => bodyRows.count(), to, `${to} Zeilen auf der ersten Seite`);
      await pruefeBarrierefreiheit(page, 'Ereignisprotokoll');
      await until(() => page.getByLabel('Ergebnisse pro Seite:').inputValue(), '10', 'Ergebnisse pro Seite');

      await page.getByLabel('Ergebnisse pro Seite:').selectOption('25');
      await rangeLabel(page).filter({ hasText: `1-${Math.min(25, total)} von ${total}` }).waitFor();
      await until(() => bodyRows.count(), Math.min(25, total), `${Math.min(25, total)} Zeilen bei 25 pro Seite`);

      // filter by an operation's Betriebs-Nr., a user name and an event phrase (server-side)
      await page.getByLabel('Betriebs-Nr.').fill(betriebsNr);
      await page.getByLabel('Benutzer').fill('Schneider');
      await page.getByLabel('Ereignis', { exact: true }).fill('Betrieb freigegeben');
      await page.getByRole('button', { name: 'Suchen' }).click();
      await page.waitForFunction(() => {
        const rows = [...document.querySelectorAll('table tbody tr')].filter((r) => r.querySelector('button[aria-expanded]'));
        return rows.length > 0 && rows.every((r) => r.cells[6]?.textContent === 'Betrieb freigegeben');
      });
      // the event opens as a rendered field diff; the raw JSON is one click away
      await bodyRows.first().getByRole('button', { name: 'Details anzeigen' }).click();
      const diff = page.getByRole('table', { name: 'Geänderte Felder: Betrieb freigegeben' });
      const status = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Freigabestatus', exact: true }) });
      await until(() => status.getByRole('cell').allTextContents(), (c) => c.join('|') === 'Beantragt|Freigegeben', 'Freigabestatus vorher/nachher als Text');
      assert.equal(await page.getByRole('heading', { name: 'Ereignisdaten' }).isVisible(), false, 'Rohdaten zunächst zugeklappt');
      await page.getByText('Rohdaten anzeigen').click();
      await page.getByText('"kommentar"').first().waitFor();
      await pruefeBarrierefreiheit(page, 'Ereignisprotokoll mit Ereignisdaten');
      const filtered = (await rangeLabel(page).textContent()) ?? '';
      assert.match(filtered, /^1-\d+ von \d+$/);
      assert.ok(Number(filtered.split(' von ')[1]) <= total);
    });
  });
});
