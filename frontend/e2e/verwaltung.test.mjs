// Browser tests of the system administration (spec 002 §2 "System administration"): users,
// local roles, value lists and organisations as the system administrator, and the read-only
// view of the Fachadministrator. Against the real binary with the demo data (see harness.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { kennung, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));
const pad = (n) => String(n).padStart(2, '0');
/** Today as server and browser count it (Europe/Berlin), as typed: TT.MM.JJJJ. */
const heute = () =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** The body row of the grid that holds a cell with exactly `text`. */
const zeile = (page, text) =>
  page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Confirms the open 'Löschen bestätigen' question. */
async function loeschenBestaetigen(page) {
  const frage = page.getByRole('alertdialog', { name: 'Löschen bestätigen' });
  await frage.getByRole('button', { name: 'Löschen' }).click();
  await frage.waitFor({ state: 'detached' });
}

describe('Systemverwaltung as systemadmin', () => {
  it('Anwender: create (organisation role), find by name, edit, deactivate, delete', async () => {
    const k = kennung();
    const name = `Testfrau${k}`;
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung'));
      await page.waitForURL((u) => u.pathname === '/eAbwasser/systemverwaltung/anwender');
      await page.getByRole('button', { name: 'Anwender hinzufügen' }).click();

      const dialog = page.getByRole('dialog', { name: 'Anwender hinzufügen' });
      await dialog.getByLabel(/^Benutzername/).waitFor();
      await pruefeBarrierefreiheit(page, 'Anwender hinzufügen (Dialog)');
      await dialog.getByLabel(/^Benutzername/).fill(`e2e.${k}`);
      await dialog.getByLabel(/^Passwort \*/).fill('E2E-Passwort-42');
      await dialog.getByLabel(/^Passwort bestätigen/).fill('E2E-Passwort-42');
      await dialog.getByRole('checkbox', { name: 'Betreiber', exact: true }).check();
      // the Anrede is not required (spec 002 §5): left empty
      await until(() => dialog.getByLabel(/^Anrede/).getAttribute('aria-required'), null, 'Anrede ohne Pflichtmarke');
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByLabel(/^Vorname/).fill('Erika');
      await dialog.getByLabel(/^E-Mail/).fill(`e2e.${k}@example.org`);
      await dialog.getByLabel(/^Telefon/).fill('0261-4711');
      await dialog.getByLabel(/^Organisation/).selectOption({ label: 'Klärwerk Rheinaue GmbH' });
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      await toast(page, 'Gespeichert').waitFor();

      const filter = page.getByRole('search', { name: 'Anwender filtern' });
      await filter.getByLabel('Name', { exact: true }).fill(name);
      await filter.getByRole('button', { name: 'Suchen' }).click();
      const row = zeile(page, name);
      await row.waitFor();
      await until(() => page.getByTestId('range-label').textContent(), '1-1 von 1', 'Bereichsangabe nach der Suche');
      const cells = await until(
        () => row.getByRole('cell').allTextContents(),
        (c) => isDeepStrictEqual(c.slice(1, 7), [`e2e.${k}`, name, 'Erika', 'Klärwerk Rheinaue GmbH', 'Aktiv', 'Organisation']),
        'Zeile des neuen Anwenders',
      );
      assert.match(cells[7], /^\d{2}\.\d{2}\.\d{4}$/, 'Gültig bis as dd.MM.yyyy');

      await row.getByRole('button', { name: 'Bearbeiten' }).click();
      const bearbeiten = page.getByRole('dialog', { name: 'Anwender bearbeiten' });
      const vorname = bearbeiten.getByLabel(/^Vorname/);
      await vorname.waitFor();
      await until(() => vorname.inputValue(), 'Erika', 'Bearbeiten-Dialog zeigt den Vornamen');
      await pruefeBarrierefreiheit(page, 'Anwender bearbeiten (Dialog)');
      await vorname.fill('Erika Maria');
      await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
      await bearbeiten.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: 'Erika Maria', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Systemverwaltung: Anwender');

      // deactivating asks first; cancelling changes nothing
      await row.getByRole('button', { name: 'Deaktivieren' }).click();
      let frage = page.getByRole('alertdialog', { name: 'Deaktivieren bestätigen' });
      await frage.getByText(`Sind Sie sicher, dass Sie den Anwender „e2e.${k}“ deaktivieren möchten?`).waitFor();
      await until(() => frage.getByRole('button', { name: 'Abbrechen' }).evaluate((b) => b === document.activeElement), true, 'Fokus auf Abbrechen');
      await frage.getByRole('button', { name: 'Abbrechen' }).click();
      await frage.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: 'Aktiv', exact: true }).waitFor();
      await row.getByRole('button', { name: 'Deaktivieren' }).click();
      frage = page.getByRole('alertdialog', { name: 'Deaktivieren bestätigen' });
      await frage.getByRole('button', { name: 'Deaktivieren' }).click();
      await toast(page, 'Der Zugang wurde deaktiviert.').waitFor();
      await row.getByRole('cell', { name: 'Inaktiv', exact: true }).waitFor();
      await row.getByRole('button', { name: /^Aktivieren/ }).waitFor();

      await row.getByRole('button', { name: 'Löschen' }).click();
      await page
        .getByRole('alertdialog', { name: 'Löschen bestätigen' })
        .getByText(`Sind Sie sicher, dass Sie den Anwender „e2e.${k}“ löschen möchten?`)
        .waitFor();
      await loeschenBestaetigen(page);
      await toast(page, 'Gelöscht').waitFor();
      await page.getByText('Keine Einträge vorhanden').waitFor();
    });
  });

  it('Anwender: one\'s own account offers no deactivation; support and help links come from the configuration', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/anwender'));
      const eigene = zeile(page, 'systemadmin');
      await eigene.getByRole('button', { name: 'Bearbeiten' }).waitFor();
      await until(() => eigene.getByRole('button', { name: 'Deaktivieren' }).count(), 0, 'kein Deaktivieren am eigenen Konto');
      await until(() => zeile(page, 'fachadmin').getByRole('button', { name: 'Deaktivieren' }).count(), 1, 'Deaktivieren an anderen Konten');
      // SUPPORT_MAIL and HELP_URL of the server (their defaults here), through GET /api/konfiguration
      const kopf = page.getByRole('banner');
      await until(() => kopf.getByRole('link', { name: /Support/ }).getAttribute('href'), 'mailto:support@eabwasser.example', 'Support-Link');
      await until(() => kopf.getByRole('link', { name: /Hilfe/ }).getAttribute('href'), 'https://wiki.eabwasser.example/', 'Hilfe-Link');
    });
  });

  it("Anwender: 'Exportieren' downloads anwender.xlsx (a zip file)", async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/anwender'));
      await zeile(page, 'systemadmin').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
      assert.equal(download.suggestedFilename(), 'anwender.xlsx');
      const stream = await download.createReadStream();
      const chunks = [];
      for await (const c of stream) chunks.push(c);
      const bytes = Buffer.concat(chunks);
      assert.ok(bytes.length > 100, `xlsx of ${bytes.length} bytes`);
      assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
    });
  });

  it('Rollen: create, edit, delete with confirmation', async () => {
    const k = kennung();
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/rollen'));
      // the demo Dienststelle is a system role: no delete button
      const system = zeile(page, 'Regionalstelle Koblenz');
      await system.waitFor();
      await until(() => system.getByRole('button', { name: /^Löschen/ }).count(), 0, 'Systemrolle ohne Löschen');
      await pruefeBarrierefreiheit(page, 'Systemverwaltung: Rollen');

      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rolle hinzufügen' });
      await dialog.getByLabel(/^Bezeichnung/).fill(`E2E-Rolle ${k}`);
      await dialog.getByLabel(/^Globale Rolle/).selectOption({ label: 'Behörde' });
      await dialog.getByRole('group', { name: 'Organisationen' }).getByRole('checkbox', { name: 'Klärwerk Rheinaue GmbH' }).check();
      // an operation is picked from the catalogue, not typed as an id
      await dialog.getByRole('searchbox', { name: 'Betrieb suchen' }).fill('eck brauerei');
      const treffer = dialog.getByRole('list', { name: 'Suchergebnisse' });
      await until(() => treffer.getByRole('listitem').allTextContents(), (t) => t.length === 1 && /Brauerei am Deutschen Eck \(Klärwerk Rheinaue GmbH\)/.test(t[0]), 'ein Treffer mit Betreiber');
      await treffer.getByRole('button', { name: /Brauerei am Deutschen Eck .*hinzufügen/ }).click();
      const gewaehlt = dialog.getByRole('list', { name: 'Ausgewählte Betriebe' });
      await until(() => gewaehlt.getByRole('listitem').count(), 1, 'ein gewählter Betrieb');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = zeile(page, `E2E-Rolle ${k}`);
      await row.getByRole('cell', { name: 'Behörde', exact: true }).waitFor();

      await row.getByRole('button', { name: 'Bearbeiten' }).click();
      const bearbeiten = page.getByRole('dialog', { name: 'Rolle bearbeiten' });
      await until(() => bearbeiten.getByRole('checkbox', { name: 'Klärwerk Rheinaue GmbH' }).isChecked(), true, 'Organisation der Rolle angehakt');
      // the saved choice reads as Betriebs-Nr., name and operator
      await until(
        () => bearbeiten.getByRole('list', { name: 'Ausgewählte Betriebe' }).getByRole('listitem').allTextContents(),
        (t) => t.length === 1 && /^\d{4}-\d{6} – Brauerei am Deutschen Eck \(Klärwerk Rheinaue GmbH\)/.test(t[0]),
        'gespeicherter Betrieb der Rolle',
      );
      await bearbeiten.getByLabel(/^Bezeichnung/).fill(`E2E-Rolle ${k} geändert`);
      await bearbeiten.getByRole('checkbox', { name: 'Alle Regionalstellen' }).check();
      await until(() => bearbeiten.getByRole('checkbox', { name: 'Klärwerk Rheinaue GmbH' }).isDisabled(), true, 'Organisationen gesperrt bei allen Regionalstellen');
      await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
      await bearbeiten.waitFor({ state: 'detached' });
      const geaendert = zeile(page, `E2E-Rolle ${k} geändert`);
      await geaendert.waitFor();

      await geaendert.getByRole('button', { name: 'Löschen' }).click();
      await loeschenBestaetigen(page);
      await toast(page, 'Gelöscht').waitFor();
      await geaendert.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Exportieren' }).click();
      await toast(page, 'Noch ohne Funktion').waitFor();
    });
  });

  it("Wertelisten: 'Kanalsystem' – search, add, edit, delete; a referenced Entlastungssystem is refused", async () => {
    const k = kennung();
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/wertelisten'));
      await page.getByLabel('Auswahl der Werteliste').selectOption({ label: 'Kanalsystem' });
      await zeile(page, 'Mischsystem').waitFor();
      await pruefeBarrierefreiheit(page, 'Systemverwaltung: Wertelisten');
      const suche = page.getByLabel('Suche');
      await suche.fill('TRENN');
      await zeile(page, 'Mischsystem').waitFor({ state: 'detached' });
      await until(() => page.getByTestId('range-label').textContent(), '1-2 von 2', 'Bereichsangabe nach der Suche');

      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kanalsystem: Eintrag hinzufügen' });
      await dialog.getByLabel(/^Wert/).fill(`Vakuumsystem ${k}`);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      await suche.fill(`vakuum`);
      const row = zeile(page, `Vakuumsystem ${k}`);
      await row.waitFor();

      await row.getByRole('button', { name: 'Bearbeiten' }).click();
      const bearbeiten = page.getByRole('dialog', { name: 'Kanalsystem: Eintrag bearbeiten' });
      await bearbeiten.getByLabel(/^Wert/).fill(`Vakuumsystem ${k} neu`);
      await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
      await bearbeiten.waitFor({ state: 'detached' });
      const neu = zeile(page, `Vakuumsystem ${k} neu`);
      await neu.waitFor();

      await neu.getByRole('button', { name: 'Löschen' }).click();
      await loeschenBestaetigen(page);
      await toast(page, 'Gelöscht').waitFor();
      await page.getByText('Keine Einträge vorhanden').waitFor();

      // Entlastungstyp entries refer to Mischsystem
      await page.getByLabel('Auswahl der Werteliste').selectOption({ label: 'Entlastungssystem' });
      await zeile(page, 'Mischsystem').getByRole('button', { name: 'Löschen' }).click();
      await loeschenBestaetigen(page);
      await toast(page, 'Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden').waitFor();
      await zeile(page, 'Mischsystem').waitFor();
    });
  });

  it('Organisationen: create, change a historised field through the audit dialog, history, delete', async () => {
    const k = kennung();
    const name = `E2E Wasserverband ${k}`;
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/organisationen'));
      await zeile(page, 'Klärwerk Rheinaue GmbH').waitFor();
      await pruefeBarrierefreiheit(page, 'Systemverwaltung: Organisationen');
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Organisation hinzufügen' });
      await dialog.getByLabel(/^Bezeichnung/).fill(name);
      await dialog.getByLabel(/^Straße/).fill('Am Wehr');
      await dialog.getByLabel(/^Hausnummer/).fill('3');
      await dialog.getByLabel(/^PLZ/).fill('56070');
      await dialog.getByLabel(/^Ort/).fill('Koblenz');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = zeile(page, name);
      await row.getByRole('cell', { name: 'Koblenz', exact: true }).waitFor();

      // the place is historised: the audit dialog asks, takes date and reason, then (same day
      // as the creation) asks to overwrite
      await row.getByRole('button', { name: 'Bearbeiten' }).click();
      const bearbeiten = page.getByRole('dialog', { name: 'Organisation bearbeiten' });
      await bearbeiten.getByLabel(/^Ort/).fill('Lahnstein');
      await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('dialog', { name: 'Historisierung' }).getByRole('button', { name: 'Historisieren' }).click();
      const schritt2 = page.getByRole('dialog', { name: 'Historisierung' });
      await schritt2.getByLabel(/^Gültig ab/).fill(heute());
      await schritt2.getByLabel(/^Änderungsgrund/).fill('Umzug');
      await schritt2.getByRole('button', { name: 'Speichern' }).click();
      const schritt3 = page.getByRole('dialog', { name: 'Historisierung' });
      await schritt3.getByText('Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?').waitFor();
      await pruefeBarrierefreiheit(page, 'Historisierung, Schritt 3 (Dialog)');
      await schritt3.getByRole('button', { name: 'Überschreiben' }).click();
      await bearbeiten.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: 'Lahnstein', exact: true }).waitFor();

      await row.getByRole('button', { name: 'Historie' }).click();
      const historie = page.getByRole('dialog', { name: `Historie: ${name}` });
      const aktuell = historie.getByRole('row').filter({ hasText: 'aktuell' });
      await aktuell.getByRole('cell', { name: 'Umzug', exact: true }).waitFor();
      await aktuell.getByRole('cell', { name: 'Am Wehr 3, 56070 Lahnstein', exact: true }).waitFor();
      await historie.getByRole('button', { name: 'Schließen', exact: true }).click();

      // the Verlauf: who changed what, field by field, with the dialog's labels
      await row.getByRole('button', { name: 'Verlauf' }).click();
      const verlauf = page.getByRole('dialog', { name: `Verlauf: ${name}` });
      const aenderung = verlauf.getByRole('row').filter({ hasText: /Organisation geändert, gültig ab/ });
      await aenderung.getByRole('cell', { name: 'Sabine Adler', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Verlauf der Organisation (Dialog)');
      await aenderung.getByRole('button', { name: 'Details anzeigen' }).click();
      const felder = verlauf.getByRole('table', { name: /^Geänderte Felder: Organisation geändert/ });
      await until(
        () => felder.getByRole('row').filter({ hasText: 'Anschrift › Ort' }).allTextContents(),
        ['Anschrift › OrtKoblenzLahnstein'],
        'geänderter Ort im Verlauf',
      );
      await verlauf.getByRole('button', { name: 'Schließen', exact: true }).click();

      await row.getByRole('button', { name: 'Löschen' }).click();
      await loeschenBestaetigen(page);
      await toast(page, 'Gelöscht').waitFor();
      await row.waitFor({ state: 'detached' });

      // an organisation users belong to cannot be deleted
      await zeile(page, 'Klärwerk Rheinaue GmbH').getByRole('button', { name: 'Löschen' }).click();
      await loeschenBestaetigen(page);
      await toast(page, 'Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden.').waitFor();
    });
  });
});

describe('Systemverwaltung as fachadmin', () => {
  it('sees every tab but no add, edit or delete controls', async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/anwender'));
      await zeile(page, 'systemadmin').waitFor();
      const tabs = page.getByRole('tablist', { name: 'Systemverwaltung' }).getByRole('tab');
      await until(() => tabs.allTextContents(), ['Anwender', 'Rollen', 'Wertelisten', 'Organisationen'], 'Reiter der Systemverwaltung');
      await page.getByRole('button', { name: 'Exportieren' }).waitFor();
      const verboten = ['Anwender hinzufügen', 'Hinzufügen', 'Bearbeiten', 'Löschen', 'Aktivieren', 'Deaktivieren', 'Zusammenführen'];
      const keineSteuerung = async () => {
        for (const name of verboten) await until(() => page.getByRole('button', { name, exact: true }).count(), 0, `${name} on ${page.url()}`);
      };
      await keineSteuerung();

      await page.getByRole('tab', { name: 'Rollen' }).click();
      await zeile(page, 'Regionalstelle Koblenz').waitFor();
      await keineSteuerung();

      await page.getByRole('tab', { name: 'Wertelisten' }).click();
      await page.getByLabel('Auswahl der Werteliste').selectOption({ label: 'Kanalsystem' });
      await zeile(page, 'Mischsystem').waitFor();
      await keineSteuerung();

      await page.getByRole('tab', { name: 'Organisationen' }).click();
      await zeile(page, 'Klärwerk Rheinaue GmbH').getByRole('button', { name: 'Historie' }).waitFor();
      await keineSteuerung();
    });
  });

  // issue 43, item 3: the parameters' significant digits are maintained by the Fachadmin
  it("Wertelisten: 'Anforderung: Parameter' – enters a parameter's significant digits and changes nothing else", async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung/wertelisten?liste=anforderungsparameter'));
      const row = zeile(page, '305 Hg');
      await row.waitFor();
      await until(() => page.getByRole('button', { name: 'Hinzufügen', exact: true }).count(), 0, 'Hinzufügen');
      await until(() => row.getByRole('button', { name: 'Löschen' }).count(), 0, 'Löschen');
      await row.getByRole('button', { name: 'Bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Anforderung: Parameter: Eintrag bearbeiten' });
      await dialog.getByLabel(/^Signifikante Stellen/).fill('3');
      for (const feld of [/^Wert/, /^Parameter-Nr\./, /^Parametername/]) assert.ok(await dialog.getByLabel(feld).isDisabled(), String(feld));
      await pruefeBarrierefreiheit(page, 'Wertelisteneintrag als Fachadmin (Dialog)');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      await toast(page, 'Gespeichert').waitFor();
      await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    });
  });
});

describe('Auswertung', () => {
  it("an authority user picks Kategorie, Filter and Abfrage; 'Excel-Export' downloads the xlsx", async () => {
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/auswertung'));
      await page.getByLabel('Kategorie').selectOption({ label: 'Organisationen' });
      await page.getByLabel('Filter').selectOption({ label: 'Abwasserbeseitigungspflicht' });
      await page.getByLabel('Abfrage').selectOption({ label: 'Abwasserbeseitigungspflichtige Organisationen' });
      await pruefeBarrierefreiheit(page, 'Auswertung');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel-Export' }).click()]);
      assert.equal(download.suggestedFilename(), 'abwasserbeseitigungspflichtige.xlsx');
      const chunks = [];
      for await (const c of await download.createReadStream()) chunks.push(c);
      assert.equal(Buffer.concat(chunks).subarray(0, 2).toString('latin1'), 'PK');
    });
  });

  it("an operator is offered only his role's queries; the account queries are refused", async () => {
    const token = await app.login('betreiber2');
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/auswertung'));
      const kategorie = page.getByLabel('Kategorie');
      await kategorie.locator('option', { hasText: 'Betriebe' }).waitFor({ state: 'attached' });
      assert.deepEqual(await kategorie.locator('option').allTextContents(), [
        'Bitte auswählen',
        'Betriebe',
        'Wiedervorlagen',
        'Organisationen',
        'Wertelisten',
      ]);
      await kategorie.selectOption({ label: 'Betriebe' });
      await page.getByLabel('Filter').selectOption({ label: 'Anträge' });
      await page.getByLabel('Abfrage').selectOption({ label: 'Offene Anträge (Freigabe beantragt, Stammdaten-Anträge)' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel-Export' }).click()]);
      assert.equal(download.suggestedFilename(), 'offene-antraege.xlsx');
    });
    for (const id of [1, 3, 6]) {
      const res = await fetch(app.url(`/api/abfragen/abfrage/${id}`), { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(res.status, 403, `query ${id}`);
    }
  });
});
