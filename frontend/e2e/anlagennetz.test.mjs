// Browser tests of issue 32 (plant network): a receiving plant of another operator picked in the
// selection dialog, the overview of an operation's relief plants with its filters, the overview
// of the sewer networks below a treatment plant, the obligees' periods in the plant form, the
// spreadsheets' round trips through LibreOffice, the shut-down of a treatment plant and of a
// municipal operation with their replacements, and all of it on a phone (390 × 844). As the
// spec's users against the real binary with the demo data (harness.mjs): zust_sbd sees the paper
// mill (Klärwerk Rheinaue GmbH) but not Kläranlage Musterhausen (Verbandsgemeinde Musterhausen,
// another Regionalstelle), whose treatment plant receives a relief plant and a sewer network.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { baum, demoAnlage, kennung, mitAppUndBrowser, pruefeBarrierefreiheit, seitlich, TELEFON, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

/** The dialog lies within the window and its content does not scroll sideways. */
const passt = (dialog) =>
  dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth && d.scrollWidth <= d.clientWidth;
  });

/** At the phone's size: the page does not scroll sideways, the open dialog (if any) fits, axe finds nothing serious. */
async function aufDemTelefon(page, was, dialog) {
  await until(() => seitlich(page), 0, `${was}: ohne seitliches Scrollen`);
  if (dialog) await until(() => passt(dialog), true, `${was}: der Dialog passt auf den Bildschirm`);
  await pruefeBarrierefreiheit(page, `${was} (Telefon)`);
}

/**
 * A municipal operation of Verbandsgemeinde Musterhausen (Regionalstelle Koblenz), requested by
 * zust_sbd, approved by fachadmin and in operation; its id.
 */
async function kommunalerBetrieb(bezeichnung, vg) {
  const sbd = await app.login('zust_sbd');
  const rs = (await app.api('/regionalstelle/', { token: sbd })).find((r) => r.value.includes('Koblenz'));
  const { id } = await app.api('/betrieb?typ=KOMMUNAL', {
    token: sbd,
    method: 'POST',
    body: {
      bezeichnung,
      adresse: { strasse: 'Mühlweg', hausnummer: '3', plz: '56566', ort: 'Musterhausen' },
      betreiber: { id: vg },
      behoerde: { id: rs.id },
      lage: { hochwert: 5571900.5, rechtswert: 392900.5 },
      skipBetriebExistsCheck: true,
    },
  });
  const fachadmin = await app.login('fachadmin');
  await app.api('/betrieb/freigabe', { token: fachadmin, method: 'POST', body: { betriebId: id, kommentar: 'geprüft', neuerStatus: 'FREIGEGEBEN' } });
  // a request is GEPLANT; the admin save puts it in operation from today
  const b = await app.api(`/betrieb/${id}`, { token: fachadmin });
  b.betriebsstatus = { id: 'IN_BETRIEB' };
  b.auditInfo = { gueltigAb: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()), aenderungsgrund: 'Inbetriebnahme', ueberschreiben: true };
  await app.api(`/betrieb/${id}`, { token: fachadmin, method: 'PUT', body: b });
  return id;
}

/** Creates a plant of path type typ as fachadmin; its id. */
async function anlegen(typ, body) {
  const { id } = await app.api(`/anlage/${typ}`, { token: await app.login('fachadmin'), method: 'POST', body });
  assert.ok(id, `POST /api/anlage/${typ} ${body.bezeichnung}`);
  return id;
}

/** The id of an organisation by name. */
async function organisation(bezeichnung) {
  const o = (await app.api('/organisation', { token: await app.login('fachadmin') })).find((x) => x.bezeichnung === bezeichnung);
  assert.ok(o, `organisation ${bezeichnung}`);
  return o.id;
}

/**
 * Saves the form through the Historisierung dialog with the reason grund (overwriting today's
 * version when it asks) and waits for the toast meldung.
 */
async function historisiertSpeichern(page, grund, meldung) {
  await page.getByRole('button', { name: 'Speichern' }).click();
  const historisierung = page.getByRole('dialog', { name: 'Historisierung' });
  await historisierung.getByRole('button', { name: 'Historisieren' }).click();
  await historisierung.getByLabel(/Änderungsgrund/).fill(grund);
  await historisierung.getByRole('button', { name: 'Speichern' }).click();
  const ueberschreiben = historisierung.getByRole('button', { name: 'Überschreiben' });
  const gespeichert = toast(page, meldung);
  await Promise.race([gespeichert.waitFor(), ueberschreiben.waitFor()]);
  if (await ueberschreiben.isVisible()) await ueberschreiben.click();
  await gespeichert.waitFor();
}

/** The relief plant's form names aufnahme as its receiving plant; its Verlauf shows the reassignment as its own event. */
async function ersetztMitVerlauf(page, betriebId, id, aufnahme) {
  await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/entlastung/${id}/anlagendaten?modus=l`));
  await until(() => page.getByRole('textbox', { name: /^Aufnehmende Anlage/ }).inputValue(), aufnahme, 'the replacement as receiving plant');
  await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
  await page.getByRole('cell', { name: 'Aufnehmende Anlage ersetzt (Stilllegung der bisherigen)' }).waitFor();
}

/**
 * Opens the treatment plant ka in edit mode and chooses Stillgelegt: the replacement dialog opens,
 * pruefen(dialog) looks at it, and its Abbrechen keeps the status. Answers the status field and
 * the dialog.
 */
async function stilllegungAbbrechen(page, ka, pruefen) {
  await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/abwasserbehandlung/${ka.id}/anlagendaten?modus=s`));
  const status = page.getByLabel(/^Anlagenstatus/);
  await status.waitFor();
  const vorher = await status.inputValue();
  await status.selectOption({ label: 'Stillgelegt' });
  const ersatz = page.getByRole('dialog', { name: 'Ersatzkläranlage auswählen' });
  await ersatz.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').waitFor();
  await until(() => ersatz.getByText('Wird geladen …').count(), 0, 'Ersatzkläranlagen geladen');
  await pruefen(ersatz);
  await ersatz.getByRole('button', { name: 'Abbrechen' }).click();
  await until(() => status.inputValue(), vorher, 'status unchanged after cancelling');
  return { status, ersatz };
}

describe('Anlagennetz', () => {
  it("zust_sbd leads a new relief plant into another operator's municipal treatment plant; the overview lists and filters it", async () => {
    const { betriebId } = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    const rueb = `RÜB Werkstor ${kennung()}`;
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/betriebsdaten?modus=s`));
      await baum(page).getByRole('button', { name: 'Anlage anlegen' }).click();
      await baum(page).getByRole('link', { name: 'Entlastungsanlage' }).click();
      await page.getByRole('heading', { name: 'Neue Entlastungsanlage' }).waitFor();
      await page.getByLabel(/^Bezeichnung/).fill(rueb);
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Mischwasser' });

      // the dialog searches the treatment plants of every operator and shows operation and operator
      await page.getByRole('button', { name: 'Aufnehmende Anlage auswählen' }).click();
      const auswahl = page.getByRole('dialog', { name: 'Aufnehmende Anlage auswählen' });
      await auswahl.getByRole('radio', { name: /^Betriebskläranlage Papierfabrik/ }).waitFor();
      await auswahl.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').fill('verbandsgemeinde');
      const kommunal = auswahl.getByRole('radio', { name: /^Kläranlage Musterhausen/ });
      await kommunal.waitFor();
      await until(() => auswahl.getByRole('radio').count(), 1, 'only the municipal plant matches the operator');
      await pruefeBarrierefreiheit(page, 'Aufnehmende Anlage auswählen');
      // Übernehmen needs a choice
      await auswahl.getByRole('button', { name: 'Übernehmen' }).click();
      await auswahl.getByRole('alert').getByText('Dieses Feld ist ein Pflichtfeld.').waitFor();
      await kommunal.check();
      await auswahl.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => page.getByRole('textbox', { name: /^Aufnehmende Anlage/ }).inputValue(), 'Kläranlage Musterhausen (Verbandsgemeinde Musterhausen)', 'gewählt');

      await page.getByLabel(/^Hochwert/).fill('5582980,5');
      await page.getByLabel(/^Rechtswert/).fill('398160,25');
      await page.getByLabel(/^Entlastungssystem/).selectOption({ index: 1 });
      await page.getByLabel(/^Entlastungstyp/).selectOption({ index: 1 });
      await page.getByLabel(/^Gemarkung/).fill('Rheinaue');
      // the throttle outflow: the operation has no other relief plant; the switch shows the municipal ones
      await page.getByRole('button', { name: 'Drosselablauf auswählen' }).click();
      const drossel = page.getByRole('dialog', { name: 'Drosselablauf auswählen' });
      await drossel.getByText('Keine Optionen verfügbar').waitFor();
      await drossel.getByLabel('Auch Entlastungsanlagen kommunaler Betriebe anzeigen').check();
      await drossel.getByRole('radio', { name: /^Regenüberlaufbecken Musterhausen-Nord/ }).check();
      await pruefeBarrierefreiheit(page, 'Drosselablauf auswählen');
      await drossel.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => page.getByRole('textbox', { name: /^Drosselablauf/ }).inputValue(), 'Regenüberlaufbecken Musterhausen-Nord (Kläranlage Musterhausen, Verbandsgemeinde Musterhausen)', 'Drosselablauf gewählt');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => /\/entlastung\/\d+\/anlagendaten$/.test(u.pathname));
      await until(() => page.getByRole('textbox', { name: /^Drosselablauf/ }).inputValue(), 'Regenüberlaufbecken Musterhausen-Nord', 'Drosselablauf gespeichert');

      // the group Misch-/Niederschlagswasser: its overview and the relief plant
      const gruppe = baum(page).getByRole('list', { name: 'Misch-/Niederschlagswasser' });
      await gruppe.getByRole('link', { name: rueb }).waitFor();
      await gruppe.getByRole('link', { name: /^Übersicht/ }).click();
      await page.getByRole('heading', { name: 'Misch-/Niederschlagswasser', level: 1 }).waitFor();
      const zeile = page.getByRole('row', { name: new RegExp(rueb) });
      await zeile.waitFor();
      const zellen = await zeile.getByRole('cell').allTextContents();
      assert.deepEqual(zellen.map((z) => z.trim()).slice(0, 3), ['Rheinaue', rueb, 'Mischwasser'], `row: ${zellen}`);
      assert.ok(zellen.includes('Kläranlage Musterhausen'), `receiving plant in the row: ${zellen}`);
      await pruefeBarrierefreiheit(page, 'Übersicht Misch-/Niederschlagswasser');

      // a filter that hides it says so and offers to drop the filter
      const filter = page.getByRole('search', { name: 'Entlastungsanlagen filtern' });
      await filter.getByLabel('Anlagenart').selectOption({ label: 'Niederschlagswasser' });
      await filter.getByRole('button', { name: 'Suchen' }).click();
      await page.getByText('Es gibt 1 Treffer außerhalb der gewählten Filter.').waitFor();
      await page.getByRole('button', { name: 'Filter aufheben' }).click();
      await zeile.waitFor();
      await filter.getByLabel('Abwasseranlage').fill('werkstor');
      await filter.getByRole('button', { name: 'Suchen' }).click();
      await zeile.waitFor();
      await zeile.getByRole('link', { name: rueb }).click();
      await page.waitForURL((u) => /\/entlastung\/\d+\/anlagendaten$/.test(u.pathname));
    });
  });

  it("the sewer networks below Kläranlage Musterhausen in their overview; the obligees' periods follow the rows", async () => {
    const ka = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/abwasserbehandlung/${ka.id}/anlagendaten?modus=s`));
      await baum(page).getByRole('list', { name: 'Kläranlage Musterhausen: Kanalnetze' }).getByRole('link', { name: 'Kanalnetze: Übersicht' }).click();
      await page.getByRole('heading', { name: 'Kanalnetze', level: 1 }).waitFor();
      const zeile = page.getByRole('row', { name: /Kanalnetz Musterhausen/ });
      await zeile.waitFor();
      const zellen = (await zeile.getByRole('cell').allTextContents()).map((z) => z.trim());
      // Abwasseranlage, Kanalsystem, Abwasserart (none in the demo), Aufnehmende Anlage, Betrieb, Status
      assert.deepEqual(zellen.slice(0, 5), ['Kanalnetz Musterhausen', 'Mischsystem', '', 'Kläranlage Musterhausen', 'Kläranlage Musterhausen'], `row: ${zellen}`);
      assert.ok(['Geplant', 'In Betrieb'].includes(zellen[5]), `status: ${zellen}`);
      await pruefeBarrierefreiheit(page, 'Übersicht Kanalnetze');

      // the periods: one obligee is the current one; a second from this year ends the first
      await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/abwasserbehandlung/${ka.id}/anlagendaten?modus=s`));
      const start = Number(await page.getByLabel('Startjahr 1').inputValue());
      await until(() => page.getByLabel('Zeitraum 1').inputValue(), `ab ${start} (aktuell)`, 'one period');
      const jahr = new Date().getFullYear();
      await page.getByRole('button', { name: 'Abwasserbeseitigungspflichtige: Zeile hinzufügen' }).click();
      await page.getByLabel('Organisation 2').selectOption({ label: 'Verbandsgemeinde Musterhausen' });
      await page.getByLabel('Startjahr 2').fill(String(jahr));
      await until(() => page.getByLabel('Zeitraum 1').inputValue(), `${start}–${jahr - 1}`, 'the first ends the year before');
      await until(() => page.getByLabel('Zeitraum 2').inputValue(), `ab ${jahr} (aktuell)`, 'the second is current');
      await pruefeBarrierefreiheit(page, 'Abwasserbeseitigungspflichtige mit Zeiträumen');
      // the same assignment twice is refused before the request
      await page.getByLabel('Startjahr 2').fill(String(start));
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Veranlagung wurde bereits angelegt').first().waitFor();
    });
  });

  // LibreOffice's user profile with German as its locale
  const deutschesProfil = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>de-DE</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>de-DE</value></prop></item>
</oor:items>`;

  it('fachadmin exports the relief plants, edits the sheet in LibreOffice and imports it', async () => {
    const rueb = await demoAnlage(app, 'Regenüberlaufbecken Musterhausen-Nord', { wer: 'fachadmin' });
    const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
    assert.ok(soffice, 'LibreOffice (soffice) fehlt: .ci/run installiert libreoffice-calc-nogui');
    const dir = await mkdtemp(join(tmpdir(), 'eabwasser-entlastung-'));
    try {
      await withPage({ token: await app.login('fachadmin') }, async (page) => {
        await page.goto(app.url(`/eAbwasser/betriebsakte/${rueb.betriebId}/entlastung/uebersicht?modus=s`));
        await page.getByRole('heading', { name: 'Misch-/Niederschlagswasser', level: 1 }).waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
        await writeFile(join(dir, 'export.xlsx'), await readFile(await download.path()));
        // in LibreOffice with German settings (a de-DE profile: numbers with a decimal comma, as
        // a German user's LibreOffice writes them): to CSV (text cells quoted), the Gemarkung
        // changed, back to xlsx
        await mkdir(join(dir, 'profil', 'user'), { recursive: true });
        await writeFile(join(dir, 'profil', 'user', 'registrymodifications.xcu'), deutschesProfil);
        const lo = (args) => promisify(execFile)(soffice, [`-env:UserInstallation=file://${dir}/profil`, '--headless', ...args], { timeout: 120_000 });
        await lo(['--convert-to', 'csv:Text - txt - csv (StarCalc):59,34,76,1,,1031,true', '--outdir', join(dir, 'csv'), join(dir, 'export.xlsx')]);
        const csv = await readFile(join(dir, 'csv', 'export.csv'), 'utf8');
        assert.ok(csv.includes('"Regenüberlaufbecken Musterhausen-Nord"') && csv.startsWith('"Anlagen-Nr."'), `German headers and the plant: ${csv}`);
        await mkdir(join(dir, 'bearbeitet'));
        await writeFile(join(dir, 'bearbeitet', 'entlastungsanlagen.csv'), csv.replace('"Musterhausen"', '"Musterhausen-West"'));
        await lo(['--infilter=CSV:59,34,76,1,,1031,true,false', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(dir, 'xlsx'), join(dir, 'bearbeitet', 'entlastungsanlagen.csv')]);

        await page.getByLabel('Misch-/Niederschlagswasseranlagen importieren (xlsx)').setInputFiles(join(dir, 'xlsx', 'entlastungsanlagen.xlsx'));
        const frage = page.getByRole('alertdialog', { name: 'Import bestätigen' });
        await pruefeBarrierefreiheit(page, 'Import bestätigen');
        await frage.getByRole('button', { name: 'Importieren' }).click();
        await toast(page, 'Die Misch-/Niederschlagswasseranlagen wurden erfolgreich importiert').waitFor();
        await page.getByRole('row', { name: /Regenüberlaufbecken Musterhausen-Nord/ }).getByRole('cell', { name: 'Musterhausen-West', exact: true }).waitFor();

        // the same file again: the plant changed since its export — refused, the row named in the page
        await page.getByLabel('Misch-/Niederschlagswasseranlagen importieren (xlsx)').setInputFiles(join(dir, 'xlsx', 'entlastungsanlagen.xlsx'));
        await frage.getByRole('button', { name: 'Importieren' }).click();
        const fehler = page.getByRole('alert').filter({ hasText: 'konnten nicht importiert werden' });
        await fehler.getByText(/^Zeile 2, Spalte „Version“: Die Anlage wurde seit dem Export geändert/).waitFor();
        await pruefeBarrierefreiheit(page, 'Abgelehnter Import');
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fachadmin exports Kläranlage Musterhausen's disposal area, adds Trier in LibreOffice and imports it", async () => {
    const ka = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
    assert.ok(soffice, 'LibreOffice (soffice) fehlt: .ci/run installiert libreoffice-calc-nogui');
    const dir = await mkdtemp(join(tmpdir(), 'eabwasser-raum-'));
    try {
      await withPage({ token: await app.login('fachadmin') }, async (page) => {
        await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/abwasserbehandlung/${ka.id}/anlagendaten?modus=s`));
        await page.getByRole('tab', { name: /Entsorgungsraum/ }).click();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Entsorgungsraum exportieren' }).click()]);
        await writeFile(join(dir, 'raum.xlsx'), await readFile(await download.path()));
        const lo = (args) => promisify(execFile)(soffice, [`-env:UserInstallation=file://${dir}/profil`, '--headless', ...args], { timeout: 120_000 });
        await lo(['--convert-to', 'csv:Text - txt - csv (StarCalc):59,34,76,1,,1031,true', '--outdir', join(dir, 'csv'), join(dir, 'raum.xlsx')]);
        const csv = await readFile(join(dir, 'csv', 'raum.csv'), 'utf8');
        assert.ok(csv.startsWith('"Gemeinde-Nr.";"Verwaltungseinheit"') && csv.includes('"07111000";"Koblenz"'), `the sheet: ${csv}`);
        await mkdir(join(dir, 'neu'));
        await writeFile(join(dir, 'neu', 'entsorgungsraum.csv'), `${csv.trimEnd()}\n"07211000";"Trier"\n`);
        await lo(['--infilter=CSV:59,34,76,1,,1031,true,false', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(dir, 'xlsx'), join(dir, 'neu', 'entsorgungsraum.csv')]);

        await page.getByLabel('Entsorgungsraum importieren (xlsx)').setInputFiles(join(dir, 'xlsx', 'entsorgungsraum.xlsx'));
        await page.getByRole('alertdialog', { name: 'Import bestätigen' }).getByRole('button', { name: 'Importieren' }).click();
        await toast(page, 'Der Entsorgungsraum wurde erfolgreich importiert').waitFor();
        await page.getByRole('tab', { name: /Entsorgungsraum/ }).click();
        await page.getByRole('cell', { name: 'Trier', exact: true }).waitFor();
        await pruefeBarrierefreiheit(page, 'Entsorgungsraum nach dem Import');
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('at 390 × 844 the overviews, the pickers, the replacement and the import fit the screen; axe finds nothing serious', async () => {
    const ka = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    const rueb = await demoAnlage(app, 'Regenüberlaufbecken Musterhausen-Nord', { wer: 'fachadmin' });
    await withPage({ token: await app.login('fachadmin'), viewport: TELEFON }, async (page) => {
      // the overview of the relief plants, its import: the question, and a refusal in the page
      await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/entlastung/uebersicht?modus=s`));
      await page.getByRole('heading', { name: 'Misch-/Niederschlagswasser', level: 1 }).waitFor();
      await page.getByRole('row', { name: /Regenüberlaufbecken Musterhausen-Nord/ }).waitFor();
      await aufDemTelefon(page, 'Übersicht Misch-/Niederschlagswasser');
      const datei = page.getByLabel('Misch-/Niederschlagswasseranlagen importieren (xlsx)');
      const frage = page.getByRole('alertdialog', { name: 'Import bestätigen' });
      await datei.setInputFiles({ name: 'entlastungsanlagen.csv', mimeType: 'text/csv', buffer: Buffer.from('Anlagen-Nr.;Abwasseranlage\n') });
      await aufDemTelefon(page, 'Import bestätigen', frage);
      await frage.getByRole('button', { name: 'Importieren' }).click();
      await page.getByRole('alert').filter({ hasText: 'Es können nur xlsx-Dateien importiert werden. Der Import wurde abgebrochen.' }).waitFor();
      await aufDemTelefon(page, 'Abgelehnter Import');

      // the sewer networks below the treatment plant
      await page.goto(app.url(`/eAbwasser/betriebsakte/${ka.betriebId}/abwasserbehandlung/${ka.id}/kanalnetze?modus=s`));
      await page.getByRole('heading', { name: 'Kanalnetze', level: 1 }).waitFor();
      await page.getByRole('row', { name: /Kanalnetz Musterhausen/ }).waitFor();
      await aufDemTelefon(page, 'Übersicht Kanalnetze');

      // the pickers of the receiving plant and the throttle outflow
      await page.goto(app.url(`/eAbwasser/betriebsakte/${rueb.betriebId}/entlastung/${rueb.id}/anlagendaten?modus=s`));
      for (const titel of ['Aufnehmende Anlage auswählen', 'Drosselablauf auswählen']) {
        await page.getByRole('button', { name: titel }).click();
        const dialog = page.getByRole('dialog', { name: titel });
        await dialog.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').waitFor();
        await until(() => dialog.getByText('Wird geladen …').count(), 0, `${titel}: geladen`);
        await aufDemTelefon(page, titel, dialog);
        await dialog.getByRole('button', { name: 'Abbrechen' }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // the replacement of a treatment plant that leaves operation (cancelled: nothing changes)
      await stilllegungAbbrechen(page, ka, (ersatz) => aufDemTelefon(page, 'Ersatzkläranlage auswählen', ersatz));
    });
  });

  it('shutting down Kläranlage Musterhausen asks for its replacement; the relief plant and the sewer network go there', async () => {
    const ka = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    const token = await app.login('fachadmin');
    const organisationen = await app.api('/organisation', { token });
    const vg = organisationen.find((o) => o.bezeichnung === 'Verbandsgemeinde Musterhausen');
    await app.api('/anlage/abwasserbehandlung', {
      token,
      method: 'POST',
      body: {
        betrieb: { id: ka.betriebId },
        bezeichnung: 'Gruppenkläranlage Talmühle',
        anlagenart: 'ABWASSERBEHANDLUNG',
        lage: { hochwert: 5571100.5, rechtswert: 392100.5 },
        abwasserbeseitigungspflichtige: [{ organisation: vg.id, startJahr: 2020 }],
      },
    });
    await withPage({ token }, async (page) => {
      const { status, ersatz } = await stilllegungAbbrechen(page, ka, () => pruefeBarrierefreiheit(page, 'Ersatzkläranlage auswählen'));
      // with the replacement: saved through the Historisierung dialog
      await status.selectOption({ label: 'Stillgelegt' });
      await ersatz.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').fill('talmühle');
      await ersatz.getByRole('radio', { name: /^Gruppenkläranlage Talmühle/ }).check();
      await ersatz.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => status.inputValue(), 'STILLGELEGT', 'status Stillgelegt');
      await historisiertSpeichern(page, 'Anschluss an die Gruppenkläranlage', 'Anlage erfolgreich gespeichert');
      await until(async () => (await page.getByTestId('anlagenstatus').textContent()).startsWith('Stillgelegt seit '), true, 'Status Stillgelegt');

      // the relief plant discharges into the replacement; its Verlauf says why
      const rueb = await demoAnlage(app, 'Regenüberlaufbecken Musterhausen-Nord', { wer: 'fachadmin' });
      await ersetztMitVerlauf(page, rueb.betriebId, rueb.id, 'Gruppenkläranlage Talmühle');
    });
  });

  it("fachadmin shuts down a municipal operation: another operation's relief plant gets a replacement, everything below is stillgelegt", async () => {
    const k = kennung();
    const vg = await organisation('Verbandsgemeinde Musterhausen');
    const lage = { hochwert: 5571950.5, rechtswert: 392950.5 };
    const pflichtig = [{ organisation: vg, startJahr: 2020 }];
    // the operation to shut down: its treatment plant with a sewer network below it
    const betrieb = await kommunalerBetrieb(`Abwasserzweckverband Mühlbach ${k}`, vg);
    const ka = `Kläranlage Mühlbach ${k}`;
    const kaId = await anlegen('abwasserbehandlung', { betrieb: { id: betrieb }, bezeichnung: ka, anlagenart: 'ABWASSERBEHANDLUNG', lage, abwasserbeseitigungspflichtige: pflichtig });
    const kanal = `Kanalnetz Mühlbach ${k}`;
    const kanalId = await anlegen('kanalnetz', { betrieb: { id: betrieb }, parentanlageid: kaId, bezeichnung: kanal, anlagenart: 'MISCHWASSER', lage, kanalsystem: 'Mischsystem', indirekteinleiter: true, aufnahme: kaId });
    // a relief plant of the paper mill discharges into it
    const { betriebId: papier } = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    const werk = `RÜB Papierfabrik Süd ${k}`;
    const werkId = await anlegen('entlastung', {
      betrieb: { id: papier },
      bezeichnung: werk,
      anlagenart: 'MISCHWASSER',
      lage,
      entlastungssystem: 'Mischsystem',
      entlastungstyp: 'Regenüberlaufbecken',
      indirekteinleiter: true,
      aufnahme: kaId,
    });
    // the replacement: a treatment plant of the other municipal operation
    const { betriebId: muster } = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    const auental = `Gruppenkläranlage Auental ${k}`;
    const auentalId = await anlegen('abwasserbehandlung', { betrieb: { id: muster }, bezeichnung: auental, anlagenart: 'ABWASSERBEHANDLUNG', lage, abwasserbeseitigungspflichtige: pflichtig });

    const token = await app.login('fachadmin');
    const zuErsetzen = await app.api(`/betrieb/${betrieb}/abwasserbehandlungForStilllegung/`, { token });
    assert.deepEqual(
      zuErsetzen.map((z) => [z.bezeichnung, z.anzahlIndirekteinleiter]),
      [[ka, 1]],
      'the treatment plant that another operation discharges into',
    );

    const stilllegungWaehlen = async (page) => {
      await page.getByLabel(/^Betriebsstatus/).selectOption({ label: 'stillgelegt' });
      const frage = page.getByRole('alertdialog', { name: 'Stilllegung' });
      await frage.getByText('Bei der Stilllegung des Betriebs werden alle Anlagen und Messstellen ebenfalls stillgelegt.').waitFor();
      await frage.getByRole('button', { name: 'Stilllegen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ersatzkläranlagen auswählen' });
      await dialog.getByRole('listitem').filter({ hasText: ka }).getByText('1 einleitende Anlage anderer Betriebe').waitFor();
      return dialog;
    };

    // on a phone the dialog fits the screen
    await withPage({ token, viewport: TELEFON }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betrieb}/betriebsdaten?modus=s`));
      const dialog = await stilllegungWaehlen(page);
      await aufDemTelefon(page, 'Ersatzkläranlagen auswählen', dialog);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    });

    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betrieb}/betriebsdaten?modus=s`));
      const status = page.getByLabel(/^Betriebsstatus/);
      await until(() => status.inputValue(), 'IN_BETRIEB', 'in Betrieb');
      // cancelling keeps the operation in operation
      let dialog = await stilllegungWaehlen(page);
      await pruefeBarrierefreiheit(page, 'Ersatzkläranlagen auswählen');
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'detached' });
      await until(() => status.inputValue(), 'IN_BETRIEB', 'status unchanged after cancelling');
      assert.equal((await app.api(`/betrieb/${betrieb}`, { token })).betriebsstatus.id, 'IN_BETRIEB');

      // Übernehmen needs a replacement for each treatment plant
      dialog = await stilllegungWaehlen(page);
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await dialog.getByRole('alert').getByText('Für jede Kläranlage des Betriebs muss eine Ersatzkläranlage ausgewählt werden!').waitFor();
      await pruefeBarrierefreiheit(page, 'Ersatzkläranlagen auswählen, ohne Auswahl');
      await dialog.getByRole('button', { name: `Ersatzkläranlage für ${ka} auswählen` }).click();
      const auswahl = page.getByRole('dialog', { name: `Ersatzkläranlage für ${ka}` });
      await auswahl.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').fill('mühlbach');
      // the operation's own plants leave operation with it: they are no replacement
      await auswahl.getByText('Keine Optionen verfügbar').waitFor();
      await auswahl.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').fill('auental');
      await auswahl.getByRole('radio', { name: new RegExp(`^${auental}`) }).check();
      await pruefeBarrierefreiheit(page, 'Ersatzkläranlage für eine Kläranlage des Betriebs');
      await auswahl.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => dialog.getByTestId(`ersatz-${kaId}`).textContent(), `${auental} (Kläranlage Musterhausen, Verbandsgemeinde Musterhausen)`, 'replacement chosen');
      await dialog.getByRole('button', { name: 'Übernehmen' }).click();
      await dialog.waitFor({ state: 'detached' });
      await until(() => status.inputValue(), 'STILLGELEGT', 'status stillgelegt');

      // the admin save goes through the Historisierung dialog
      await historisiertSpeichern(page, 'Anschluss an die Gruppenkläranlage Auental', 'Betrieb erfolgreich gespeichert');

      // the tree marks the whole hierarchy below the operation
      const ausserBetrieb = (name) => new RegExp(`^${name} ?\\(außer Betrieb\\)$`);
      await baum(page).getByRole('link', { name: ausserBetrieb(ka) }).waitFor();
      await baum(page).getByRole('list', { name: `${ka}: Kanalnetze` }).getByRole('link', { name: ausserBetrieb(kanal) }).waitFor();
      for (const id of [kaId, kanalId]) assert.equal((await app.api(`/anlage/${id}`, { token })).anlagenstatus, 'STILLGELEGT', `plant ${id}`);

      // the paper mill's relief plant stays in operation and discharges into the replacement
      const neu = await app.api(`/anlage/${werkId}`, { token });
      assert.equal(neu.aufnahme, auentalId, `receiving plant of ${werk}`);
      assert.notEqual(neu.anlagenstatus, 'STILLGELEGT');
      await ersetztMitVerlauf(page, papier, werkId, auental);
    });
  });
});
