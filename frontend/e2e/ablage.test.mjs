// Browser tests of files and reminders of an operation (spec 000 §2, §5, §8): the operator
// uploads a file on the Dateien page, downloads it and deletes it; he adds a reminder that is
// due and deletes it again; staff keep a reminder internal or share it with the operator (issue
// 42). Against the real binary with the demo data (see harness.mjs).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { mitAppUndBrowser, papierfabrik, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

describe('Dateien of an operation', () => {
  it('betreiber uploads a file, downloads it with its name and content, and deletes it', async () => {
    const token = await app.login('betreiber');
    const id = await papierfabrik(app, token);
    const inhalt = Buffer.from('%PDF-1.4\n% Lageplan der Einleitstelle\n%%EOF\n');
    await withPage({ token }, async (page) => {
      // in Lesemodus: a file needs no edit mode (issue 14)
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/dateien?modus=l`));
      await page.getByRole('heading', { name: 'Dateien', level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'Keine Einträge vorhanden' }).waitFor();
      await pruefeBarrierefreiheit(page, 'Betriebsakte: Dateien');

      await page.getByRole('button', { name: 'Datei hochladen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Datei hochladen' });
      await dialog.getByRole('button', { name: 'Hochladen' }).click();
      await dialog.getByText('Sie müssen eine Datei hochladen!').waitFor();
      await pruefeBarrierefreiheit(page, 'Datei hochladen (Dialog)');
      await dialog.getByLabel('Bezeichnung').fill('Lageplan Einleitstelle');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'Lageplan Süd.pdf', mimeType: 'application/pdf', buffer: inhalt });
      await dialog.getByRole('button', { name: 'Hochladen' }).click();
      await toast(page, 'Die Datei wurde erfolgreich hochgeladen').waitFor();

      const zeile = page.getByRole('row').filter({ hasText: 'Lageplan Einleitstelle' });
      await zeile.waitFor();
      await until(() => zeile.innerText(), /Michael Wagner/, 'Zeile der Datei nennt den Hochladenden');
      await until(() => zeile.innerText(), /application\/pdf/, 'Zeile der Datei nennt den Dateityp');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        zeile.getByRole('button', { name: 'Herunterladen Lageplan Einleitstelle' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'Lageplan Süd.pdf');
      assert.deepEqual(await readFile(await download.path()), inhalt);

      await zeile.getByRole('button', { name: 'Löschen Lageplan Einleitstelle' }).click();
      const frage = page.getByRole('alertdialog', { name: 'Löschen bestätigen' });
      await frage.getByText('Sind Sie sicher, dass Sie die Datei „Lageplan Einleitstelle“ löschen möchten?').waitFor();
      await frage.getByRole('button', { name: 'Löschen' }).click();
      await toast(page, 'Die Datei wurde erfolgreich gelöscht.').waitFor();
      await page.getByRole('cell', { name: 'Keine Einträge vorhanden' }).waitFor();
    });
  });
});

describe('Wiedervorlagen of an operation', () => {
  it('betreiber adds a reminder that is due, sees it marked and deletes it', async () => {
    const token = await app.login('betreiber');
    const id = await papierfabrik(app, token);
    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/wiedervorlagen?modus=l`));
      await page.getByRole('heading', { name: 'Wiedervorlagen', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Wiedervorlage anlegen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
      await dialog.getByLabel('Datum').fill('31.02.2026');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.getByText('Ungültiges Datumsformat').waitFor();
      await pruefeBarrierefreiheit(page, 'Wiedervorlage anlegen (Dialog)');
      // the date picker: a German calendar; Escape closes it, not the dialog
      await dialog.getByRole('button', { name: 'Kalender öffnen' }).click();
      await page.getByRole('dialog', { name: 'Kalender: Datum' }).getByRole('grid', { name: /\d{4}/ }).waitFor();
      await pruefeBarrierefreiheit(page, 'Kalender im Dialog');
      await page.keyboard.press('Escape');
      await until(() => page.getByRole('dialog', { name: 'Kalender: Datum' }).count(), 0, 'Kalender geschlossen');
      await dialog.waitFor();
      await dialog.getByLabel('Betreff').fill('Nachweis der Eigenkontrolle anfordern');
      await dialog.getByLabel('Datum').fill('01.03.2020');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Die Wiedervorlage wurde erfolgreich angelegt.').waitFor();

      const zeile = page.getByRole('row').filter({ hasText: 'Nachweis der Eigenkontrolle anfordern' });
      await zeile.getByText('fällig', { exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Betriebsakte: Wiedervorlagen');
      await until(() => zeile.innerText(), /01\.03\.2020/, 'Zeile der Wiedervorlage nennt das Datum');
      await until(() => zeile.innerText(), /Michael Wagner/, 'Zeile der Wiedervorlage nennt den Anleger');

      await zeile.getByRole('button', { name: 'Löschen Nachweis der Eigenkontrolle anfordern' }).click();
      await page.getByRole('alertdialog', { name: 'Löschen bestätigen' }).getByRole('button', { name: 'Löschen' }).click();
      await toast(page, 'Die Wiedervorlage wurde erfolgreich gelöscht.').waitFor();
      await page.getByRole('cell', { name: 'Keine Einträge vorhanden' }).waitFor();
    });
  });
});

describe('reminders belong to their author\'s side (issue 42)', () => {
  it('zust_sbd keeps one reminder internal and shares another; the operator sees only the shared one, by "Behörde"', async () => {
    const sbd = await app.login('zust_sbd');
    const id = await papierfabrik(app, sbd);
    const intern = `Probenahme unangekündigt ${Date.now()}`;
    const geteilt = `Ortstermin abstimmen ${Date.now()}`;
    await withPage({ token: sbd }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/wiedervorlagen?modus=l`));
      await page.getByRole('heading', { name: 'Wiedervorlagen', level: 1 }).waitFor();
      for (const [betreff, teilen] of [
        [intern, false],
        [geteilt, true],
      ]) {
        await page.getByRole('button', { name: 'Wiedervorlage anlegen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
        const box = dialog.getByRole('checkbox', { name: 'Für den Betreiber sichtbar' });
        assert.equal(await box.isChecked(), false, 'staff reminders are internal by default');
        await dialog.getByLabel('Betreff').fill(betreff);
        if (teilen) {
          await box.focus();
          await page.keyboard.press('Space');
          assert.equal(await box.isChecked(), true, 'the keyboard ticks the box');
          await pruefeBarrierefreiheit(page, 'Wiedervorlage anlegen mit Freigabe für den Betreiber (Dialog)');
        }
        await dialog.getByRole('button', { name: 'Speichern' }).click();
        await toast(page, 'Die Wiedervorlage wurde erfolgreich angelegt.').waitFor();
        await until(() => page.getByRole('dialog', { name: 'Wiedervorlage anlegen' }).count(), 0, 'Dialog geschlossen');
      }
      const zeile = (betreff) => page.getByRole('row').filter({ hasText: betreff });
      await until(() => zeile(intern).innerText(), /Nur Behörde/, 'die interne Wiedervorlage heißt "Nur Behörde"');
      await until(() => zeile(geteilt).innerText(), /Behörde und Betreiber/, 'die geteilte heißt "Behörde und Betreiber"');
    });
    const betreiber = await app.login('betreiber');
    await withPage({ token: betreiber }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/wiedervorlagen?modus=l`));
      const zeile = page.getByRole('row').filter({ hasText: geteilt });
      await zeile.waitFor();
      await until(() => zeile.innerText(), /Behörde\s+Behörde und Betreiber/, 'der Betreiber sieht die Behörde, keinen Namen');
      await until(() => page.getByText(intern).count(), 0, 'der Betreiber sieht die interne Wiedervorlage nicht');
      await pruefeBarrierefreiheit(page, 'Betriebsakte: Wiedervorlagen des Betreibers mit geteilter Wiedervorlage');
    });
  });
});

describe('files and reminders without edit mode (issue 14)', () => {
  it('zust_sbb uploads on an operation without plants in read mode and sees no edit toggle there', async () => {
    const token = await app.login('zust_sbb');
    const seite = await app.api('/betrieb/search?q=Brauerei', { token });
    const brauerei = seite.content.find((b) => b.bezeichnung === 'Brauerei am Deutschen Eck');
    assert.ok(brauerei, `no Brauerei in ${JSON.stringify(seite)}`);
    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${brauerei.id}/dateien?modus=l`));
      await page.getByRole('heading', { name: 'Dateien', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Datei hochladen' }).waitFor();
      const tree = page.getByRole('navigation', { name: 'Betriebsakte' });
      await tree.getByText('Keine Einträge vorhanden').waitFor();
      await until(() => tree.getByRole('button', { name: 'Bearbeiten' }).count(), 0, 'kein Bearbeiten-Schalter ohne Bearbeitungsrecht');
    });
  });

  it('the reminders tab never says "Keine fälligen Wiedervorlagen." above a reminder', async () => {
    const token = await app.login('betreiber');
    const id = await papierfabrik(app, token);
    const betreff = `Bescheid verlängern ${Date.now()}`;
    await app.api(`/betrieb/${id}/wiedervorlage`, { token, method: 'POST', body: { betreff, datum: '2099-12-31' } });
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=wiedervorlagen'));
      await page.getByRole('table', { name: 'Wiedervorlagen' }).getByText(betreff).waitFor();
      await until(() => page.getByText(/(davon keine fällig|noch nicht fällig|ist fällig|sind fällig)\.$/).count(), 1, 'Zeile über den Wiedervorlagen');
      await until(() => page.getByText('Keine fälligen Wiedervorlagen.').count(), 0, 'nie "Keine fälligen Wiedervorlagen." über einer Wiedervorlage');
    });
  });
});
