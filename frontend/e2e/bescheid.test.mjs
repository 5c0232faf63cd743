// Browser tests of the Bescheid screen (spec 001 §2.1, §2.3, §4.1, §5, §8; issue 30) as the
// spec's users: betreiber files a Bescheidsantrag for the paper mill with an Auflage (created as
// ANGELEGT, then saved with status BEANTRAGT); zust_sbb takes it into work from the Aufgaben
// view (IN_BEARBEITUNG), assigns two measuring points, sets Anforderungen on both tabs of one of
// them (reached through the file tree) and releases it (FREIGEGEBEN), after which every field is
// read-only and edit mode falls back to read mode; axe finds no serious or critical violation on
// the Bescheid screens. Dates typed over a preset value (issue 43) arrive as typed in every kind
// of date field: the Bescheid's form, the Auflagen dialog and the Anforderungen grid. Against the
// real binary with the demo data (see harness.mjs): the paper mill (approved) with the treatment
// plant 'Betriebskläranlage Papierfabrik'.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { neueAnforderung } from './anforderungen.mjs';
import { aufgabenLink, baum, kennung, mitAppUndBrowser, papierfabrik, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const KLAERANLAGE = 'Betriebskläranlage Papierfabrik';

/** Both tabs of the screen through axe. */
async function beideReiter(page, wie) {
  for (const reiter of ['Bescheid', 'Auflagen']) {
    await page.getByRole('tab', { name: reiter, exact: true }).click();
    await until(() => page.getByRole('tab', { name: reiter, exact: true }).getAttribute('aria-selected'), 'true', `Reiter ${reiter}`);
    await pruefeBarrierefreiheit(page, `Bescheid (${wie}): ${reiter}`);
  }
  await page.getByRole('tab', { name: 'Bescheid', exact: true }).click();
}

describe('Bescheide', () => {
  it('betreiber files a Bescheidsantrag with an Auflage; zust_sbb takes it into work, assigns two points, sets Anforderungen on both tabs and releases it', async () => {
    const aktenzeichen = `Az. 31-${kennung()}`;
    const betreiber = await app.login('betreiber');
    const betriebId = await papierfabrik(app, betreiber);
    const akte = `/eAbwasser/betriebsakte/${betriebId}`;
    let bescheidId;

    await withPage({ token: betreiber }, async (page) => {
      // the group Bescheide of the released operation; creating per quality in edit mode
      await page.goto(app.url(`${akte}/betriebsdaten?modus=s`));
      await baum(page).getByRole('link', { name: 'Übersicht Bescheide/Erklärungen' }).waitFor();
      await baum(page).getByRole('link', { name: 'Bescheid anlegen', exact: true }).click();
      await page.getByRole('heading', { name: 'Neuer Bescheidsantrag: Bescheid', level: 1 }).waitFor();
      assert.equal(await page.getByLabel(/^Ablaufdatum/).inputValue(), '01.01.3000');
      // nothing filled: the error summary names the required fields
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByTestId('fehleruebersicht').getByText('Validierung fehlgeschlagen').waitFor();
      await pruefeBarrierefreiheit(page, 'Neuer Bescheidsantrag mit Fehlern');

      const art = page.getByLabel(/^Bescheidart/);
      await until(() => art.locator('option').count(), (n) => n > 1, 'Bescheidarten der Qualität');
      await art.selectOption({ index: 1 });
      await page.getByLabel(/^Aktenzeichen/).fill(aktenzeichen);
      const behoerde = page.getByLabel(/^Behörde/);
      await until(() => behoerde.locator('option').count(), (n) => n > 1, 'Behörden');
      await behoerde.selectOption({ index: 1 });
      await page.getByLabel(/^Bescheiddatum/).fill('01.03.2024');

      await page.getByRole('tab', { name: 'Auflagen', exact: true }).click();
      await page.getByRole('button', { name: 'Auflagen hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Auflagen' });
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await dialog.getByText('Dieses Feld ist ein Pflichtfeld.').first().waitFor();
      await pruefeBarrierefreiheit(page, 'Auflagen (Dialog)');
      await dialog.getByLabel(/^Abwasseranlage/).selectOption({ label: KLAERANLAGE });
      const auflagenart = dialog.getByLabel('Art 1');
      await until(() => auflagenart.locator('option').count(), (n) => n > 1, 'Auflagenarten');
      await auflagenart.selectOption({ index: 1 });
      await dialog.getByLabel('Beschreibung 1').fill('Messprogramm vierteljährlich vorlegen');
      await dialog.getByLabel('Fristdatum 1').fill('30.06.2025');
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByTestId('auflagen').getByText('Messprogramm vierteljährlich vorlegen').waitFor();

      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheidsantrag erfolgreich erstellt').waitFor();
      await page.waitForURL((u) => /\/antrag\/\d+\/bescheidsdaten$/.test(u.pathname) && u.searchParams.get('modus') === 'l');
      bescheidId = /\/antrag\/(\d+)\//.exec(new URL(page.url()).pathname)[1];
      await until(() => page.getByTestId('bescheid-status').textContent(), 'Angelegt', 'als Antrag angelegt');
      await beideReiter(page, 'Antrag, Lesemodus');

      // submitted: saved with status BEANTRAGT
      await page.goto(app.url(`${akte}/antrag/${bescheidId}/bescheidsdaten?modus=s`));
      const status = page.getByLabel(/^Status/);
      await until(() => status.isEnabled(), true, 'Status bearbeitbar');
      await beideReiter(page, 'Antrag, Bearbeitungsmodus');
      await status.selectOption('BEANTRAGT');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheidsantrag erfolgreich aktualisiert').waitFor();
      await until(() => page.getByTestId('bescheid-status').textContent(), 'Beantragt', 'beantragt');
      // an operator no longer edits a submitted application: edit mode falls back to read mode
      await page.goto(app.url(`${akte}/antrag/${bescheidId}/bescheidsdaten?modus=s`));
      await until(() => new URL(page.url()).searchParams.get('modus'), 'l', 'zurück im Lesemodus');
    });

    await withPage({ token: await app.login('zust_sbb') }, async (page) => {
      // the submitted application is a task of the deciders
      await page.goto(app.url('/eAbwasser/'));
      await aufgabenLink(page).click();
      await page.getByRole('heading', { name: 'Aufgaben', level: 1 }).waitFor();
      const aufgabe = page.getByRole('table', { name: 'Aufgaben' }).locator(`a[href*="/${bescheidId}/"]`).first();
      await until(() => aufgabe.count(), 1, 'die Aufgabe des Antrags', { timeout: 20_000 });
      await aufgabe.click();
      await page.waitForURL((u) => new RegExp(`/(antrag|bescheid)/${bescheidId}/bescheidsdaten$`).test(u.pathname));
      await page.goto(app.url(`${akte}/antrag/${bescheidId}/bescheidsdaten?modus=s`));
      const status = page.getByLabel(/^Status/);
      await until(() => status.isEnabled(), true, 'Status bearbeitbar');
      // taken into work
      await status.selectOption('IN_BEARBEITUNG');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheid erfolgreich aktualisiert').waitFor();
      await page.waitForURL((u) => u.pathname.endsWith(`/bescheid/${bescheidId}/bescheidsdaten`));
      await until(() => page.getByTestId('bescheid-status').textContent(), 'In Bearbeitung', 'in Bearbeitung');

      // two measuring points, then released
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/bescheidsdaten?modus=s`));
      await until(() => page.getByLabel(/^Status/).isEnabled(), true, 'Status bearbeitbar');
      await page.getByRole('button', { name: 'Messstellen zuordnen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Messstellen zuordnen' });
      const haken = dialog.getByRole('checkbox');
      await until(() => haken.count(), (n) => n >= 2, 'mindestens zwei Messstellen zur Auswahl');
      await pruefeBarrierefreiheit(page, 'Messstellen zuordnen (Dialog)');
      await haken.nth(0).check();
      await haken.nth(1).check();
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => page.getByTestId('bescheid-messstellen').locator('tbody tr').count(), 2, 'zwei Messstellen zugeordnet');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheid erfolgreich aktualisiert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');

      // the Anforderungen of the first point, from the file tree: a row on each tab
      const ablage = baum(page).getByRole('list', { name: /: Ablage$/ });
      const punkt = ablage.getByRole('link').filter({ hasText: /^\d+ / }).first();
      await until(() => punkt.count(), 1, 'die Messstellen des Bescheids im Baum');
      await punkt.click();
      await page.getByRole('heading', { name: 'Anforderungen', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Anforderungen bearbeiten' }).click();
      await page.waitForURL((u) => u.searchParams.get('modus') === 's');
      await neueAnforderung(page, 'Festlegungen', '90', 0);
      await page.getByRole('tab', { name: 'Selbstüberwachung' }).click();
      await neueAnforderung(page, 'Selbstüberwachung', '2,5', 0);
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await toast(page, 'Die Anforderungen wurden erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');

      // released
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/bescheidsdaten?modus=s`));
      await until(() => page.getByLabel(/^Status/).isEnabled(), true, 'Status bearbeitbar');
      await page.getByLabel(/^Status/).selectOption('FREIGEGEBEN');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheid erfolgreich aktualisiert').waitFor();
      await until(() => page.getByTestId('bescheid-status').textContent(), 'Freigegeben', 'freigegeben');
      await until(() => page.getByTestId('freigabe-von').textContent(), (t) => !!t && t !== '–', 'Freigabe von');
      assert.equal(await page.getByLabel(/^Aktenzeichen/).isDisabled(), true);
      await until(() => page.getByTestId('bescheid-messstellen').locator('tbody tr').count(), 2, 'zwei Messstellen gespeichert');
      await beideReiter(page, 'freigegeben');
      // never editable again: edit mode falls back to read mode, no save
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/bescheidsdaten?modus=s`));
      await until(() => new URL(page.url()).searchParams.get('modus'), 'l', 'zurück im Lesemodus');
      assert.equal(await page.getByLabel(/^Status/).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Speichern' }).count(), 0);
      // its Verlauf
      await page.getByRole('link', { name: 'Verlauf des Bescheids' }).click();
      await page.getByRole('heading', { name: /^Verlauf: /, level: 1 }).waitFor();
      await pruefeBarrierefreiheit(page, 'Verlauf des Bescheids');
    });

    const token = await app.login('zust_sbb');
    const gespeichert = await app.api(`/bescheid/${bescheidId}`, { token });
    assert.equal(gespeichert.bescheidsstatus, 'FREIGEGEBEN');
    assert.equal(gespeichert.aktenzeichen, aktenzeichen);
    assert.equal(gespeichert.messstellen.length, 2);
    assert.equal(gespeichert.auflagen.length, 1);
    // the Anforderungen of both tabs, on one of the two points
    const arten = [];
    for (const m of gespeichert.messstellen) {
      const { anforderungen } = await app.api(`/bescheid/${bescheidId}/messstelle/${m.id ?? m}`, { token });
      arten.push(...anforderungen.map((a) => `${a.anforderungArt}:${a.wert}`));
    }
    assert.deepEqual(arten.sort(), ['BEHOERDLICHE_FESTLEGUNG:90', 'SELBSTUEBERWACHUNGSAUFLAGE:2,5']);
    // the labels the screen showed above are the server's enumeration's
    const status = Object.fromEntries((await app.api('/bescheidstatus/', { token })).map((e) => [e.schluessel, e.value]));
    assert.deepEqual(status, { ANGELEGT: 'Angelegt', BEANTRAGT: 'Beantragt', IN_BEARBEITUNG: 'In Bearbeitung', FREIGEGEBEN: 'Freigegeben' });
  });
  it('a date typed over a preset value is saved as typed: Bescheid form, Auflagen dialog and Anforderungen grid, with Ctrl+A, a triple click and a paste (issue 43)', async () => {
    const token = await app.login('zust_sbb');
    const betriebId = await papierfabrik(app, token);
    const akte = `/eAbwasser/betriebsakte/${betriebId}`;
    // a Bescheid in work with the open end, an Auflage and a measuring point, as the screen creates it
    const m = (await app.api(`/betrieb/${betriebId}/bescheid/messstellen?bescheidQualitaet=Bescheid`, { token }))[0];
    assert.ok(m, 'eine zuordenbare Messstelle der Papierfabrik');
    const qualitaet = (await app.api('/bescheidqualitaet/', { token })).find((q) => q.value === 'Bescheid');
    const [art] = await app.api(`/bescheidart/?bescheidQualitaet=${qualitaet.id}`, { token });
    const [behoerde] = await app.api('/behoerde/', { token });
    const [auflagenart] = await app.api('/auflagenart/', { token });
    const { id: bescheidId } = await app.api('/bescheid', {
      token,
      method: 'POST',
      body: {
        betrieb: betriebId,
        bescheidQualitaet: 'Bescheid',
        bescheidart: art.value,
        aktenzeichen: `Az. 43-${kennung()}`,
        behoerde: behoerde.value,
        bescheidsdatum: '2024-03-01',
        ablaufdatum: '3000-01-01',
        bescheidId: '',
        messstellen: [m.id],
        auflagen: [{ abwasseranlage: m.anlage.id, art: auflagenart.value, beschreibung: 'Messprogramm vorlegen', fristdatum: '2025-06-30' }],
      },
    });
    /** Selects the whole text of a field as a clerk does, then types. */
    const ueberschreibe = async (page, feld, wie, text) => {
      if (wie === 'Strg+A') {
        await feld.click();
        await page.keyboard.press('Control+A');
      } else await feld.click({ clickCount: 3 });
      if (wie === 'Einfügen') await page.keyboard.insertText(text);
      else await page.keyboard.type(text);
      assert.equal(await feld.inputValue(), text, `${wie}: ${text}`);
    };

    await withPage({ token }, async (page) => {
      // the form: Ablaufdatum over the open end (Ctrl+A), Bescheiddatum by a paste
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/bescheidsdaten?modus=s`));
      await until(() => page.getByLabel(/^Status/).isEnabled(), true, 'Status bearbeitbar');
      const ablauf = page.getByLabel(/^Ablaufdatum/);
      assert.equal(await ablauf.inputValue(), '01.01.3000');
      await ueberschreibe(page, ablauf, 'Strg+A', '31.12.2036');
      await ueberschreibe(page, page.getByLabel(/^Bescheiddatum/), 'Einfügen', '02.03.2024');
      // the Auflagen dialog: the stored Fristdatum by a triple click
      await page.getByRole('tab', { name: 'Auflagen', exact: true }).click();
      await page.getByRole('button', { name: 'Auflage 1 bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Auflagen' });
      const frist = dialog.getByLabel('Fristdatum 1');
      assert.equal(await frist.inputValue(), '30.06.2025');
      await ueberschreibe(page, frist, 'Dreifachklick', '15.06.2036');
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByTestId('auflagen').getByText('15.06.2036').waitFor();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Bescheid erfolgreich aktualisiert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');

      // the grid: 'gültig bis' of two new rows over the open end, by Ctrl+A and by a triple click
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/messstellen/${m.id}?modus=s`));
      await page.getByRole('heading', { name: 'Anforderungen', level: 1 }).waitFor();
      for (const [i, wie, bis] of [
        [0, 'Strg+A', '31.12.2036'],
        [1, 'Dreifachklick', '15.06.2036'],
      ]) {
        const n = await neueAnforderung(page, 'Festlegungen', '90', i);
        const feld = page.getByRole('textbox', { name: `gültig bis ${n}`, exact: true });
        assert.equal(await feld.inputValue(), '01.01.3000');
        await ueberschreibe(page, feld, wie, bis);
      }
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await toast(page, 'Die Anforderungen wurden erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      // read back on screen
      const gezeigt = [];
      for (const n of [1, 2]) gezeigt.push(await page.getByRole('textbox', { name: `gültig bis ${n}`, exact: true }).inputValue());
      assert.deepEqual(gezeigt.sort(), ['15.06.2036', '31.12.2036']);
    });

    // and stored as typed
    const gespeichert = await app.api(`/bescheid/${bescheidId}`, { token });
    assert.equal(gespeichert.ablaufdatum, '2036-12-31');
    assert.equal(gespeichert.bescheidsdatum, '2024-03-02');
    assert.deepEqual(gespeichert.auflagen.map((a) => a.fristdatum), ['2036-06-15']);
    const { anforderungen } = await app.api(`/bescheid/${bescheidId}/messstelle/${m.id}`, { token });
    assert.deepEqual(anforderungen.map((a) => a.gueltigBis).sort(), ['2036-06-15', '2036-12-31']);
  });
});
