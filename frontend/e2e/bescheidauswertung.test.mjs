// Browser tests of the Anforderungen of a Bescheid and the evaluation overview (spec 001
// §2.2–§2.5, issue 30) as zust_sbb: a measuring point of a Bescheid in work gets Anforderungen
// on both tabs and they are saved together; released, the Bescheid's Anforderungen are in the
// evaluation overview, two selected rows are exported, and the xlsx is opened —
// with LibreOffice headless (Debian libreoffice-calc-nogui: soffice --convert-to csv) where it is
// installed, else with xlsx.mjs — German headers and exactly the two rows. axe finds no serious
// or critical violation on the Anforderungen (read and edit), the Bescheid search and the three
// tabs of the overview. Against the real binary with the demo data (see harness.mjs).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { neueAnforderung } from './anforderungen.mjs';
import { inhalt, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';
import { xlsxZeilen } from './xlsx.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const BETRIEB = 'Kläranlage Musterhausen';
const MESSSTELLE = '2350010009';
const PAPIERFABRIK = 'Betriebskläranlage Papierfabrik';

/** The plant named bezeichnung as the caller's worklist finds it. */
async function anlage(bezeichnung, token) {
  return until(
    async () => (await app.api(`/anlage/search?query=${encodeURIComponent(bezeichnung)}`, { token })).content.find((x) => x.bezeichnung === bezeichnung),
    (x) => x !== undefined,
    `die Anlage ${bezeichnung} in der Arbeitsliste`,
  );
}

/**
 * A Bescheid in work (IN_BEARBEITUNG) with a measuring point, through the API as the Bescheid
 * screen creates it: Anforderungen are set while a Bescheid is in work (a released one is never
 * changed), the evaluation counts released ones. The operation is the paper mill in zust_sbb's
 * Regionalstelle (the demo's Musterhausen lies in another, zust_sbb does not see it); the
 * point is 2350010009 where it is assignable, else the first one that is.
 */
async function bescheidInArbeit(token) {
  const { betriebId } = await anlage(PAPIERFABRIK, token);
  const kandidaten = await app.api(`/betrieb/${betriebId}/bescheid/messstellen?bescheidQualitaet=Bescheid`, { token });
  const m = kandidaten.find((x) => x.messstellenId === MESSSTELLE) ?? kandidaten[0];
  assert.ok(m, 'eine zuordenbare Messstelle der Papierfabrik');
  // the kinds are filtered by the quality's entry id
  const qualitaet = (await app.api('/bescheidqualitaet/', { token })).find((q) => q.value === 'Bescheid');
  const [art] = await app.api(`/bescheidart/?bescheidQualitaet=${qualitaet.id}`, { token });
  const [behoerde] = await app.api('/behoerde/', { token });
  const [auflagenart] = await app.api('/auflagenart/', { token });
  const daten = {
    bescheidQualitaet: 'Bescheid',
    bescheidart: art.value,
    aktenzeichen: 'E2E-31/24',
    behoerde: behoerde.value,
    bescheidsdatum: '2024-03-01',
    ablaufdatum: '3000-01-01',
    bemerkung: 'für den Browsertest',
    bescheidId: '',
    // an Auflage where the list of its kinds has entries
    auflagen: auflagenart
      ? [{ abwasseranlage: m.anlage.id, art: auflagenart.value, beschreibung: 'Ein Messprogramm für die Spurenstoffe im Ablauf ist bis zum Fristdatum vorzulegen.', fristdatum: '2025-06-30' }]
      : [],
  };
  const neu = await app.api('/bescheid', { token, method: 'POST', body: { ...daten, betrieb: betriebId, messstellen: [m.id] } });
  /** Releases it (the save into FREIGEGEBEN on the stored version). */
  const freigeben = async () => {
    const { version } = await app.api(`/bescheid/${neu.id}`, { token });
    await app.api(`/bescheid/${neu.id}`, { token, method: 'PUT', body: { ...daten, version, bescheidsstatus: 'FREIGEGEBEN', messstellen: [m.id] } });
  };
  return { betriebId, bescheidId: neu.id, messstelleId: m.id, messstellenNr: m.messstellenId, freigeben };
}

/** A CSV line of LibreOffice (comma, double quotes) as cells. */
function csvZellen(zeile) {
  const out = [];
  let zelle = '';
  let inQuotes = false;
  for (let i = 0; i < zeile.length; i++) {
    const c = zeile[i];
    if (inQuotes) {
      if (c === '"' && zeile[i + 1] === '"') {
        zelle += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else zelle += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ',') {
      out.push(zelle);
      zelle = '';
    } else zelle += c;
  }
  out.push(zelle);
  return out;
}

const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));

/**
 * The rows of the xlsx's first sheet: opened by LibreOffice headless (converted to UTF-8 CSV)
 * where it is installed — what a user's office suite reads —, else by xlsx.mjs.
 */
async function tabelleAus(bytes) {
  if (!soffice) return { zeilen: xlsxZeilen(bytes), womit: 'xlsx.mjs' };
  const dir = await mkdtemp(join(tmpdir(), 'eabwasser-xlsx-'));
  try {
    await writeFile(join(dir, 'export.xlsx'), bytes);
    await promisify(execFile)(
      soffice,
      [`-env:UserInstallation=file://${dir}/profil`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, join(dir, 'export.xlsx')],
      { timeout: 120_000 },
    );
    const csv = await readFile(join(dir, 'export.csv'), 'utf8');
    const zeilen = csv
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((z) => z.trim() !== '')
      .map(csvZellen);
    return { zeilen, womit: 'LibreOffice' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Bescheide: Anforderungen und Auswertung', () => {
  it('zust_sbb sets Anforderungen on both tabs, finds them in the evaluation overview and exports two rows', async () => {
    const token = await app.login('zust_sbb');
    const { betriebId, bescheidId, messstelleId, messstellenNr, freigeben } = await bescheidInArbeit(token);
    const akte = `/eAbwasser/betriebsakte/${betriebId}`;

    await withPage({ token }, async (page) => {
      // the Anforderungen of the point: read mode first
      await page.goto(app.url(`${akte}/bescheid/${bescheidId}/messstellen/${messstelleId}?modus=l`));
      await page.getByRole('heading', { name: 'Anforderungen', level: 1 }).waitFor();
      await until(() => page.getByTestId('messstelle').textContent(), new RegExp(`^${messstellenNr} `), 'die Messstelle im Kopf');
      await until(() => page.getByRole('tab').allTextContents(), ['Festlegungen', 'Selbstüberwachung'], 'die zwei Reiter');
      await pruefeBarrierefreiheit(page, 'Anforderungen (Lesemodus)');

      await page.getByRole('button', { name: 'Anforderungen bearbeiten' }).click();
      await page.waitForURL((u) => u.searchParams.get('modus') === 's');
      await neueAnforderung(page, 'Festlegungen', '12,5', 0);
      await neueAnforderung(page, 'Festlegungen', '0,75', 1);
      await pruefeBarrierefreiheit(page, 'Anforderungen (Bearbeitung, Festlegungen)');
      await page.getByRole('tab', { name: 'Selbstüberwachung' }).click();
      const s = await neueAnforderung(page, 'Selbstüberwachung', '3', 0);
      await page.getByRole('textbox', { name: `Zusatztext ${s}`, exact: true }).fill('an Regentagen\nzusätzlich');
      await pruefeBarrierefreiheit(page, 'Anforderungen (Bearbeitung, Selbstüberwachung)');
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await toast(page, 'Die Anforderungen wurden erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');

      // stored: both tabs as saved
      const gespeichert = await app.api(`/bescheid/${bescheidId}/messstelle/${messstelleId}`, { token });
      const werte = gespeichert.anforderungen.map((a) => `${a.anforderungArt}:${a.wert}`);
      for (const w of ['BEHOERDLICHE_FESTLEGUNG:12,5', 'BEHOERDLICHE_FESTLEGUNG:0,75', 'SELBSTUEBERWACHUNGSAUFLAGE:3']) assert.ok(werte.includes(w), `${w} gespeichert (${werte})`);
      // released, the Bescheid counts in the evaluation
      await freigeben();

      // the Bescheid search of the operation
      await page.goto(app.url(`${akte}/bescheiduebersicht?modus=l`));
      await page.getByRole('heading', { name: 'Übersicht Bescheide/Erklärungen', level: 1 }).waitFor();
      const bescheide = page.getByRole('table', { name: 'Bescheide' });
      await until(() => bescheide.getByRole('link', { name: /anzeigen$/ }).count(), (n) => n >= 1, 'Bescheide gefunden', { timeout: 15_000 });
      await pruefeBarrierefreiheit(page, 'Übersicht Bescheide/Erklärungen');

      // the evaluation overview: today's Festlegungen include the two new ones (read model: asked again)
      await page.goto(app.url(`${akte}/parameteruebersicht?modus=l`));
      await page.getByRole('heading', { name: 'Übersicht Parameterwerte', level: 1 }).waitFor();
      const tabelle = page.getByRole('table', { name: 'Festlegungen/Erklärungen' });
      const auswahl = tabelle.locator('tbody').getByRole('checkbox');
      await until(
        async () => {
          const n = await auswahl.count();
          if (n < 2) await page.getByRole('search', { name: 'Festlegungen/Erklärungen filtern' }).getByRole('button', { name: 'Suchen' }).click();
          return n;
        },
        (n) => n >= 2,
        'zwei Festlegungen in der Auswertung',
        { timeout: 20_000, interval: 1000 },
      );
      const knopf = page.getByRole('button', { name: 'Excel-Export' });
      assert.equal(await knopf.isDisabled(), true, 'Excel-Export ohne Auswahl gesperrt');
      await pruefeBarrierefreiheit(page, 'Übersicht Parameterwerte (Festlegungen)');
      const gewaehlt = [];
      for (const i of [0, 1]) {
        const zeile = tabelle.locator('tbody tr').nth(i);
        // cells: selection, Messstelle ("Nr Bezeichnung"), Bescheid, Parameter-Nr., …
        gewaehlt.push({ messstelle: (await zeile.locator('td').nth(1).innerText()).trim().split(' ')[0], parameter: (await zeile.locator('td').nth(3).innerText()).trim() });
        await zeile.getByRole('checkbox').check();
      }
      await until(() => knopf.isDisabled(), false, 'Excel-Export mit Auswahl frei');
      const [download, anfrage] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/betrieb/${betriebId}/export/festlegungen`),
        knopf.click(),
      ]);
      assert.equal(JSON.parse(anfrage.postData() ?? '{}').ids.length, 2, 'genau die zwei gewählten Zeilen');
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const bytes = await inhalt(download);
      assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'the export is an xlsx (zip) file');
      const { zeilen, womit } = await tabelleAus(bytes);
      const [kopf, ...daten] = zeilen;
      console.log(`# xlsx gelesen mit ${womit}: ${JSON.stringify(zeilen)}`);
      for (const spalte of ['Messstelle', 'Bescheid', 'Wert']) assert.ok(kopf.some((k) => k.includes(spalte)), `Spalte ${spalte} im Kopf (${womit}: ${kopf.join(' | ')})`);
      assert.ok(kopf.some((k) => /Parameter/.test(k)), `eine Parameter-Spalte im Kopf (${kopf.join(' | ')})`);
      assert.equal(daten.length, 2, `zwei Zeilen im Export (${womit}): ${JSON.stringify(daten)}`);
      for (const g of gewaehlt)
        assert.ok(
          daten.some((z) => z.includes(g.parameter) && z.includes(g.messstelle)),
          `Parameter ${g.parameter} an Messstelle ${g.messstelle} im Export (${JSON.stringify(daten)})`,
        );

      // the other two tabs
      await page.getByRole('tab', { name: 'Selbstüberwachungsauflagen' }).click();
      await page.getByRole('table', { name: 'Selbstüberwachungsauflagen' }).waitFor();
      await pruefeBarrierefreiheit(page, 'Übersicht Parameterwerte (Selbstüberwachungsauflagen)');
      await page.getByRole('tab', { name: 'Auflagen', exact: true }).click();
      await page.getByRole('table', { name: 'Auflagen', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Übersicht Parameterwerte (Auflagen)');
    });
  });
});
