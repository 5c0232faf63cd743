// Browser tests of the operation file (spec 000 §2–§8) as the spec's users: the operator
// requests, authority staff approve or reject, the operator applies for a master-data change
// that staff adopt field by field, an administrator's save is historised, an auditor replays
// the history. Against the real binary with the demo data (see harness.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kennung, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

/** The demo authority's Regionalstelle: its staff (zust_sbd) see operations assigned to it. */
const REGIONALSTELLE = 'Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Koblenz';

/** The Freigabestatus line of the Betriebsdaten screen. */
const freigabestatus = (page, text) => page.getByTestId('freigabe').getByText(text, { exact: true });

/** Requests an operation through the API (setup of the tests that start later in its life). */
async function beantrage(token, bezeichnung) {
  const rs = (await app.api('/regionalstelle/', { token })).find((e) => e.value === REGIONALSTELLE);
  const antwort = await app.api('/betrieb?typ=INDUSTRIE', {
    token,
    method: 'POST',
    body: {
      bezeichnung,
      adresse: { strasse: 'Hafenstraße', hausnummer: String(Math.floor(Math.random() * 900) + 10), plz: '56070', ort: 'Koblenz' },
      betreiberAdresse: false,
      betriebsstatus: { id: 'GEPLANT' },
      behoerde: { id: rs.id },
      behoerdenkennung: 'RLP',
      lage: { hochwert: 5582000.5, rechtswert: 398000.25 },
      kontakte: [],
      zustaendigeBearbeiter: [],
      zustaendigePersonen: [],
      skipBetriebExistsCheck: true,
    },
  });
  assert.ok(antwort.id, `POST /api/betrieb answered ${JSON.stringify(antwort)}`);
  return antwort.id;
}

/** Searches the start page's list until the operation shows (the list is a read model). */
async function oeffneUeberStartseite(page, bezeichnung) {
  await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
  const liste = page.getByRole('search', { name: 'Betriebe suchen' });
  // the worklist starts with "in Betrieb" (spec 002 §2); a new request is only planned
  await liste.getByRole('group', { name: 'Betriebsstatus' }).getByRole('checkbox', { name: 'in Betrieb' }).uncheck();
  const link = page.getByRole('table', { name: 'Betriebe' }).getByRole('link', { name: bezeichnung, exact: true });
  const bis = Date.now() + 20_000;
  for (;;) {
    await liste.getByLabel('Suche').fill(bezeichnung);
    await liste.getByRole('button', { name: 'Suchen' }).click();
    try {
      await link.waitFor({ timeout: 2_000 });
      break;
    } catch (e) {
      if (Date.now() > bis) throw e;
    }
  }
  await link.click();
  await page.waitForURL((u) => /\/betriebsakte\/\d+\/betriebsdaten$/.test(u.pathname) && u.searchParams.get('modus') === 'l');
  await page.getByRole('heading', { name: 'Betriebsdaten', level: 1 }).waitFor();
}

/** The id of a demo operation by its current name (through the API, as fachadmin sees all). */
async function demoId(bezeichnung) {
  const token = await app.login('fachadmin');
  for (let id = 1; id <= 20; id++) {
    try {
      if ((await app.api(`/betrieb/${id}`, { token })).bezeichnung === bezeichnung) return id;
    } catch {
      // gaps in the ids: go on
    }
  }
  throw new Error(`no demo operation '${bezeichnung}'`);
}

/** Opens the Betriebsdaten of an operation in read mode. */
async function oeffne(page, id) {
  await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
  await page.getByRole('heading', { name: 'Betriebsdaten', level: 1 }).waitFor();
  await pruefeBarrierefreiheit(page, 'Betriebsdaten');
}

/** Turns on the edit mode with the toggle of the tree. */
async function bearbeiten(page) {
  await page.getByRole('navigation', { name: 'Betriebsakte' }).getByRole('button', { name: 'Bearbeiten' }).click();
  await page.waitForURL((u) => u.searchParams.get('modus') === 's');
}

describe('Betrieb: request and Freigabe', () => {
  it('betreiber requests an operation, zust_sbd approves it with a comment, betreiber sees it approved', async () => {
    const name = `E2E Kelterei ${kennung()}`;
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      await page.getByRole('button', { name: 'Betrieb beantragen' }).click();
      const typ = page.getByRole('dialog', { name: 'Betrieb beantragen' });
      await typ.getByLabel(/^Betriebstyp/).selectOption({ label: 'Industrie' });
      await typ.getByRole('button', { name: 'Weiter' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/betriebsakte/neu/betriebsdaten' && u.searchParams.get('typ') === 'INDUSTRIE');

      // the operator is the own organisation, fixed
      const betreiber = page.getByLabel(/^Betreiber/);
      await until(() => betreiber.inputValue(), 'Klärwerk Rheinaue GmbH', 'Betreiber ist die eigene Organisation');
      await until(() => betreiber.isDisabled(), true, 'Betreiber gesperrt');
      // no edit toggle on a create route
      await until(() => page.getByRole('button', { name: 'Bearbeiten' }).count(), 0, 'kein Bearbeiten-Schalter beim Anlegen');
      await pruefeBarrierefreiheit(page, 'Neuer Betrieb');

      await page.getByLabel(/^Bezeichnung/).fill(name);
      await page.getByLabel('Zuständige Regionalstelle').selectOption({ label: REGIONALSTELLE });
      await page.getByLabel(/^Straße/).fill('Weinbergstraße');
      await page.getByLabel(/^Hausnummer/).fill('7');
      await page.getByLabel(/^PLZ/).fill('56072');
      await page.getByLabel(/^Ort/).fill('Koblenz');
      await page.getByLabel(/^Hochwert/).fill('5580123,45');
      await page.getByLabel(/^Rechtswert/).fill('397654,3');
      // a wrong time is caught on its tab, which is flagged
      await page.getByRole('tab', { name: /Produktion und Wasserversorgung/ }).click();
      await page.getByLabel('Tagesarbeitszeit von').fill('25:00');
      await page.getByRole('tab', { name: /^Betrieb/ }).click();
      await page.getByRole('button', { name: 'Betrieb beantragen' }).click();
      await page.getByRole('tab', { name: /Produktion und Wasserversorgung.*enthält Fehler/ }).waitFor();
      await page.getByText('Ungültige Uhrzeit', { exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Neuer Betrieb mit Fehlern');
      // a one-digit hour is accepted and stored as 06:30
      await page.getByLabel('Tagesarbeitszeit von').fill('6:30');
      await page.getByRole('button', { name: 'Betrieb beantragen' }).click();

      await toast(page, 'Betrieb erfolgreich beantragt').waitFor();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/');
    });

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await oeffneUeberStartseite(page, name);
      await freigabestatus(page, 'Beantragt').waitFor();
      await page.getByRole('button', { name: 'Freigabe bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Freigabe bearbeiten' });
      await dialog.getByLabel('Kommentar').waitFor();
      await pruefeBarrierefreiheit(page, 'Freigabe bearbeiten (Dialog)');
      await dialog.getByLabel('Kommentar').fill('Angaben vollständig, Freigabe erteilt.');
      await dialog.getByRole('button', { name: 'Freigeben' }).click();
      await toast(page, 'Betrieb freigegeben').waitFor();
      await freigabestatus(page, 'Freigegeben').waitFor();
      await until(() => page.getByRole('button', { name: 'Freigabe bearbeiten' }).count(), 0, 'Freigabe bearbeiten nach der Freigabe verschwunden');
    });

    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await oeffneUeberStartseite(page, name);
      await freigabestatus(page, 'Freigegeben').waitFor();
      await page.getByTestId('freigabe').getByText('Angaben vollständig, Freigabe erteilt.').waitFor();
      // released: the tree offers the plant action's hint of a later version
      const tree = page.getByRole('navigation', { name: 'Betriebsakte' });
      await tree.getByText(name).waitFor();
    });
  });

  it("zust_sbd rejects after 'Zurückweisung bestätigen'; betreiber corrects and uses 'Freigabe erneut beantragen'", async () => {
    const name = `E2E Galvanik ${kennung()}`;
    const id = await beantrage(await app.login('betreiber'), name);

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
      await freigabestatus(page, 'Beantragt').waitFor();
      // the tree says why plants cannot be created yet
      await page
        .getByRole('navigation', { name: 'Betriebsakte' })
        .getByText('Das Anlegen ist erst möglich, wenn der Betrieb freigegeben ist.')
        .waitFor();
      await page.getByRole('button', { name: 'Freigabe bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Freigabe bearbeiten' });
      await dialog.getByLabel('Kommentar').fill('Die Hausnummer fehlt.');
      await dialog.getByRole('button', { name: 'Zurückweisen' }).click();
      const frage = page.getByRole('alertdialog', { name: 'Zurückweisung bestätigen' });
      await frage.getByText('Wollen Sie die Freigabe für den Betrieb wirklich zurückweisen?').waitFor();
      await frage.getByRole('button', { name: 'Zurückweisen' }).click();
      await toast(page, 'Betrieb abgelehnt').waitFor();
      await freigabestatus(page, 'Abgewiesen').waitFor();
    });

    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
      await freigabestatus(page, 'Abgewiesen').waitFor();
      await page.getByTestId('freigabe').getByText('Die Hausnummer fehlt.').waitFor();
      await bearbeiten(page);
      await page.getByLabel(/^Hausnummer/).fill('12a');
      await page.getByRole('button', { name: 'Freigabe erneut beantragen' }).click();
      await toast(page, 'Betrieb erfolgreich beantragt').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      await freigabestatus(page, 'Beantragt').waitFor();
      await until(() => page.getByLabel(/^Hausnummer/).inputValue(), '12a', 'korrigierte Hausnummer gespeichert');
    });
  });
});

describe('Betrieb: Stammdaten-Antrag', () => {
  it('betreiber applies for a change; zust_sbd adopts the name and leaves the place', async () => {
    const name = `E2E Mühle ${kennung()}`;
    const id = await beantrage(await app.login('betreiber'), name);
    await app.api('/betrieb/freigabe', {
      token: await app.login('zust_sbd'),
      method: 'POST',
      body: { betriebId: id, kommentar: '', neuerStatus: 'FREIGEGEBEN' },
    });

    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
      await freigabestatus(page, 'Freigegeben').waitFor();
      // master data of an approved operation: only by application
      await bearbeiten(page);
      await until(() => page.getByLabel(/^Bezeichnung/).isDisabled(), true, 'Bezeichnung eines freigegebenen Betriebs gesperrt');
      await page.getByRole('button', { name: 'Stammdatenänderung beantragen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stammdatenänderung beantragen' });
      await until(() => dialog.getByLabel(/^Bezeichnung/).inputValue(), name, 'Antrag beginnt mit der aktuellen Bezeichnung');
      await dialog.getByLabel(/^Bezeichnung/).fill(`${name} GmbH`);
      await dialog.getByLabel(/^Ort/).fill('Koblenz-Lützel');
      await dialog.getByLabel('Kommentar').fill('Umfirmierung und neue Ortsbezeichnung');
      await dialog.getByRole('button', { name: 'Antrag einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
      await page.getByText('Ihr Stammdatenänderungsantrag wird von der Behörde geprüft.').waitFor();
      await until(() => page.getByRole('button', { name: 'Stammdatenänderung beantragen' }).count(), 0, 'kein zweiter Antrag möglich');
    });

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l&stammdatenAntrag=true`));
      const dialog = page.getByRole('dialog', { name: 'Stammdatenänderungsantrag prüfen' });
      await dialog.getByText('Umfirmierung und neue Ortsbezeichnung').waitFor();
      await pruefeBarrierefreiheit(page, 'Stammdatenänderungsantrag prüfen (Dialog)');
      await until(() => dialog.getByRole('rowheader').allTextContents(), ['Bezeichnung', 'Ort'], 'beantragte Felder');
      await dialog.getByRole('checkbox', { name: 'Bezeichnung übernehmen' }).check();
      // the refused place needs a reason first
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await dialog.getByText('Bitte begründen Sie, warum „Ort“ nicht übernommen wird.').waitFor();
      await dialog.getByRole('textbox', { name: 'Begründung zu Ort' }).fill('Ortsteil ist kein eigener Ort');
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await toast(page, 'Daten wurden übernommen und der Antrag gelöscht').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction((n) => document.querySelector('input[name="bezeichnung"]')?.value === n, `${name} GmbH`);
      await until(() => page.getByLabel(/^Ort/).inputValue(), 'Koblenz', 'nicht übernommener Ort bleibt');
      await until(() => page.getByRole('button', { name: 'Stammdatenänderungsantrag prüfen' }).count(), 0, 'Antrag erledigt');
      await page.getByRole('navigation', { name: 'Betriebsakte' }).getByText(`${name} GmbH`).waitFor();
    });
  });
});

describe('Betrieb: administration and audit', () => {
  it('fachadmin renames an approved operation; the save goes through the Historisierung dialog', async () => {
    const neu = `Kläranlage Musterhausen ${kennung()}`;
    const id = await demoId('Kläranlage Musterhausen');
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await oeffne(page, id);
      await bearbeiten(page);
      await page.getByLabel(/^Bezeichnung/).fill(neu);
      await page.getByRole('button', { name: 'Speichern' }).click();

      const frage = page.getByRole('dialog', { name: 'Historisierung' });
      await frage.getByRole('button', { name: 'Historisieren' }).click();
      const schritt2 = page.getByRole('dialog', { name: 'Historisierung' });
      // "today" as the browser sees it: its context runs in Europe/Berlin, this process in UTC
      const heute = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
      await until(() => schritt2.getByLabel(/Gültig ab/).inputValue(), heute, 'Gültig ab ist heute');
      await pruefeBarrierefreiheit(page, 'Historisierung, Schritt 2 (Dialog)');
      await schritt2.getByLabel(/Änderungsgrund/).fill('Umbenennung durch den Verband');
      await schritt2.getByRole('button', { name: 'Speichern' }).click();

      await toast(page, 'Betrieb erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      await page.getByRole('navigation', { name: 'Betriebsakte' }).getByText(neu).waitFor();
      await until(() => page.getByLabel(/^Bezeichnung/).inputValue(), neu, 'neue Bezeichnung gespeichert');
      await until(() => page.getByLabel(/^Bezeichnung/).isDisabled(), true, 'Lesemodus nach dem Speichern');

      // the Historie now ends with the new version, the older ones stay
      await page.getByRole('button', { name: 'Historie' }).click();
      const popup = page.getByRole('dialog', { name: `Historie: ${neu}` });
      const erste = popup.getByRole('row').nth(1);
      await erste.getByText('aktuell').waitFor();
      await erste.getByText('Umbenennung durch den Verband').waitFor();
      await pruefeBarrierefreiheit(page, 'Historie (Dialog)');
    });
  });

  it('fachadmin replays the Verlauf and views an older Stand; the Historie popup shows an older version', async () => {
    const id = await demoId('Papierfabrik Rheinaue – Werk Koblenz');
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await oeffne(page, id);
      const tree = page.getByRole('navigation', { name: 'Betriebsakte' });

      // Historie: the version before the renaming, read-only, no toggle
      await page.getByRole('button', { name: 'Historie' }).click();
      const popup = page.getByRole('dialog', { name: 'Historie: Papierfabrik Rheinaue – Werk Koblenz' });
      const zeilen = popup.getByRole('row');
      await zeilen.nth(1).getByText('aktuell').waitFor();
      await until(() => zeilen.count(), (n) => n >= 3, 'at least two versions');
      await zeilen.nth(2).getByRole('button', { name: /^Version gültig ab .* anzeigen$/ }).click();
      const banner = page.getByRole('region', { name: 'Historischer Datensatz' });
      await banner.getByText(/^Historische Version: gültig ab \d{2}\.\d{2}\.\d{4}/).waitFor();
      await until(() => page.getByLabel(/^Bezeichnung/).inputValue(), 'Papierfabrik Rheinaue', 'Bezeichnung der älteren Version');
      await until(() => page.getByLabel(/^Bezeichnung/).isDisabled(), true, 'ältere Version nur lesbar');
      await until(() => tree.getByRole('button', { name: 'Bearbeiten' }).count(), 0, 'kein Bearbeiten-Schalter in einer älteren Version');
      await banner.getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }).click();
      await page.waitForFunction(() => document.querySelector('input[name="bezeichnung"]')?.value === 'Papierfabrik Rheinaue – Werk Koblenz');
      await tree.getByRole('button', { name: 'Bearbeiten' }).waitFor();

      // Verlauf: every event with who and when, the changed fields, and a Stand of the past
      await tree.getByRole('link', { name: 'Verlauf' }).click();
      await page.getByRole('heading', { name: 'Verlauf', level: 1 }).waitFor();
      const tabelle = page.getByRole('table', { name: 'Verlauf' });
      const ereignisse = tabelle.getByRole('row').filter({ has: page.getByRole('button', { name: /^Stand anzeigen \(vom .*\)$/ }) });
      await ereignisse.first().waitFor();
      await pruefeBarrierefreiheit(page, 'Betriebsakte: Verlauf');
      await until(() => ereignisse.count(), (n) => n >= 4, 'at least four events (request, approval, two historised saves)');
      const neueste = await ereignisse.first().getByRole('cell').allTextContents();
      assert.match(neueste[1], /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/, 'Zeitpunkt dd.MM.yyyy HH:mm:ss');
      await ereignisse.first().getByRole('button', { name: 'Details anzeigen' }).click();
      const diff = page.getByRole('table', { name: /^Geänderte Felder:/ });
      await diff.getByRole('columnheader', { name: 'vorher' }).waitFor();
      await ereignisse.first().getByRole('button', { name: /Details/ }).click();

      // the request shows its values as the form does: value-list texts, German numbers, form labels
      await ereignisse.last().getByRole('button', { name: 'Details anzeigen' }).click();
      const antrag = page.getByRole('table', { name: 'Geänderte Felder: Betrieb beantragt' });
      const zeile = (label) => antrag.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
      await until(() => zeile('Freigabestatus').getByRole('cell').last().textContent(), 'Beantragt', 'Freigabestatus als Text, nicht BEANTRAGT');
      assert.match((await zeile('Lage › Hochwert').getByRole('cell').last().textContent()) ?? '', /^\d+(,\d+)?$/, 'Hochwert als deutsche Zahl');
      assert.equal(await zeile('Lage › Hochwert').getByRole('cell').first().textContent(), '–', 'kein Wert vorher: –');
      await zeile('Adresse des Betriebs › Straße').waitFor();
      await ereignisse.last().getByRole('button', { name: /Details/ }).click();
      // the approval: FREIGEGEBEN as the form says it
      const freigabe = ereignisse.filter({ hasText: 'Betrieb freigegeben' }).first();
      await freigabe.getByRole('button', { name: 'Details anzeigen' }).click();
      await page.getByRole('table', { name: 'Geänderte Felder: Betrieb freigegeben' }).getByRole('cell', { name: 'Freigegeben', exact: true }).waitFor();
      await freigabe.getByRole('button', { name: /Details/ }).click();

      // the oldest event: the request, before the renaming
      await ereignisse.last().getByRole('button', { name: /^Stand anzeigen \(vom .*\)$/ }).click();
      const stand = page.getByRole('region', { name: 'Historischer Datensatz' });
      await stand.getByText(/^Stand nach der Änderung vom/).waitFor();
      await pruefeBarrierefreiheit(page, 'Stand des Betriebs');
      await page.waitForFunction(() => document.querySelector('input[name="bezeichnung"]')?.value === 'Papierfabrik Rheinaue');
      await until(() => page.getByLabel(/^Bezeichnung/).isDisabled(), true, 'Stand der Vergangenheit nur lesbar');
      await stand.getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }).click();
      await page.waitForURL((u) => u.pathname.endsWith('/betriebsdaten') && u.searchParams.get('modus') === 'l');
      await page.waitForFunction(() => document.querySelector('input[name="bezeichnung"]')?.value === 'Papierfabrik Rheinaue – Werk Koblenz');
    });
  });

  it('the Verlauf is not offered to an operator', async () => {
    const id = await demoId('Papierfabrik Rheinaue – Werk Koblenz');
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await oeffne(page, id);
      const tree = page.getByRole('navigation', { name: 'Betriebsakte' });
      await tree.getByRole('link', { name: 'Betriebsdaten' }).waitFor();
      await until(() => tree.getByRole('link', { name: 'Verlauf' }).count(), 0, 'kein Verlauf für Betreiber');
    });
  });
});

describe('Betrieb: daily work (issue 14)', () => {
  it("zust_sbd's save of a rejected operation is 'Freigabe erneut beantragen' too", async () => {
    const id = await beantrage(await app.login('betreiber'), `E2E Gerberei ${kennung()}`);
    const sbd = await app.login('zust_sbd');
    await app.api('/betrieb/freigabe', { token: sbd, method: 'POST', body: { betriebId: id, kommentar: 'Lage prüfen.', neuerStatus: 'ABGEWIESEN' } });
    await withPage({ token: sbd }, async (page) => {
      await oeffne(page, id);
      await freigabestatus(page, 'Abgewiesen').waitFor();
      await bearbeiten(page);
      await page.getByLabel(/^Hausnummer/).fill('7b');
      await page.getByRole('button', { name: 'Freigabe erneut beantragen' }).click();
      await toast(page, 'Betrieb erfolgreich beantragt').waitFor();
      await freigabestatus(page, 'Beantragt').waitFor();
      // and it waits for a decision again
      await page.getByRole('button', { name: 'Freigabe bearbeiten' }).waitFor();
    });
  });

  it('a Stammdaten-Antrag without a change says so; the adoption message names field labels', async () => {
    const name = `E2E Ölmühle ${kennung()}`;
    const betreiber = await app.login('betreiber');
    const id = await beantrage(betreiber, name);
    const sbd = await app.login('zust_sbd');
    await app.api('/betrieb/freigabe', { token: sbd, method: 'POST', body: { betriebId: id, kommentar: '', neuerStatus: 'FREIGEGEBEN' } });

    await withPage({ token: betreiber }, async (page) => {
      await oeffne(page, id);
      await page.getByRole('button', { name: 'Stammdatenänderung beantragen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stammdatenänderung beantragen' });
      await until(() => dialog.getByLabel(/^Bezeichnung/).inputValue(), name, 'Antrag mit den aktuellen Stammdaten');
      await dialog.getByRole('button', { name: 'Antrag einreichen' }).click();
      // a known refusal says what it is, no 'unbekannter Fehler'
      await toast(page, 'Der Antrag enthält keine Änderung der Stammdaten.').waitFor();
      await until(() => page.getByText(/unbekannten? Fehler/).count(), 0, 'kein unbekannter Fehler');
      await dialog.getByLabel(/^Bezeichnung/).fill(`${name} GmbH`);
      await dialog.getByRole('button', { name: 'Antrag einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
    });

    await app.api(`/betrieb/${id}/stammdaten-antrag/uebernahme`, { token: sbd, method: 'POST', body: { felder: ['bezeichnung'] } });
    const betreff = `Stammdatenänderungsantrag übernommen: ${name}`;
    // the messages are a read model: wait until it has the message
    await until(async () => (await app.api('/nachricht', { token: betreiber })).some((n) => n.betreff?.startsWith(betreff)), true, 'Nachricht über den übernommenen Antrag', {
      timeout: 20_000,
      interval: 250,
    });
    await withPage({ token: betreiber }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=nachrichten'));
      const zeile = page.getByRole('table', { name: 'Nachrichten' }).getByRole('row').filter({ hasText: betreff });
      await zeile.getByRole('button').first().click();
      const text = page.getByRole('dialog').getByText(/^Michael|hat Ihren Stammdatenänderungsantrag/);
      const inhalt = await until(() => text.textContent(), /Übernommen wurden: Bezeichnung\./, 'Text nennt die Beschriftung');
      assert.doesNotMatch(inhalt, /\bbezeichnung\b/, 'kein Feldschlüssel im Text');
    });
  });

  it('two pages edit one operation: the later save shows the earlier change and applies its input on the new version in one click', async () => {
    const betreiber = await app.login('betreiber');
    const id = await beantrage(betreiber, `E2E Konflikt ${kennung()}`);
    const sbd = await app.login('zust_sbd');
    await withPage({ token: sbd }, async (erste) => {
      await withPage({ token: sbd }, async (zweite) => {
        // both load the same version and edit it
        await oeffne(erste, id);
        await oeffne(zweite, id);
        await bearbeiten(erste);
        await bearbeiten(zweite);
        await erste.getByLabel(/^Hausnummer/).fill('12a');
        await zweite.getByLabel('Muttergesellschaft').fill('Konflikt Holding');

        await erste.getByRole('button', { name: 'Speichern' }).click();
        await toast(erste, 'Betrieb erfolgreich gespeichert').waitFor();

        await zweite.getByRole('button', { name: 'Speichern' }).click();
        const dialog = zweite.getByRole('dialog', { name: 'Der Datensatz wurde zwischenzeitlich geändert' });
        await dialog.waitFor();
        // who changed what since loading: the first page's Hausnummer
        await dialog.getByText('Claudia Schneider', { exact: false }).first().waitFor();
        await until(() => dialog.getByRole('rowheader', { name: /Hausnummer/ }).count(), (n) => n > 0, 'geänderte Hausnummer im Dialog');
        await until(() => dialog.getByRole('row').filter({ hasText: /Hausnummer/ }).first().textContent(), /12a/, 'neuer Wert im Dialog');
        await pruefeBarrierefreiheit(zweite, 'Konflikt beim Speichern (Dialog)');
        // the input is still in the form
        await until(() => zweite.getByLabel('Muttergesellschaft').inputValue(), 'Konflikt Holding', 'Eingabe bleibt erhalten');

        await dialog.getByRole('button', { name: 'Meine Eingaben auf den neuen Stand anwenden' }).click();
        await toast(zweite, 'Betrieb erfolgreich gespeichert').waitFor();
        await zweite.waitForURL((u) => u.searchParams.get('modus') === 'l');
      });
    });
    // both changes are stored
    const gespeichert = await app.api(`/betrieb/${id}`, { token: sbd });
    assert.equal(gespeichert.adresse.hausnummer, '12a');
    assert.equal(gespeichert.muttergesellschaft, 'Konflikt Holding');
  });

  it("only the spec's three roles request operations: fachadmin has no 'Betrieb anlegen'; the Historie shows HH:MM", async () => {
    const id = await demoId('Papierfabrik Rheinaue – Werk Koblenz');
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      await page.getByRole('table', { name: 'Betriebe' }).waitFor();
      await until(() => page.getByRole('button', { name: /^Betrieb (anlegen|beantragen)$/ }).count(), 0, 'kein Betrieb anlegen für fachadmin');

      await oeffne(page, id);
      await page.getByRole('button', { name: 'Historie' }).click();
      const popup = page.getByRole('dialog', { name: /^Historie: / });
      const zeile = popup.getByRole('row').nth(1);
      await zeile.getByText('aktuell').waitFor();
      await until(() => zeile.getByRole('cell').allTextContents(), (z) => z.some((c) => /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.test(c)), 'Geändert am als dd.MM.yyyy HH:mm');
    });
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      await page.getByRole('button', { name: 'Betrieb anlegen' }).waitFor();
    });
  });
});
