// Browser test of the water-register viewer (spec 002 §2 "Water-register viewer", issue 33):
// fachadmin opens the released Bescheid of Kläranlage Musterhausen (Wasserrecht-Nr. S0412346),
// follows 'Im Wasserbuch öffnen' into a new tab, sees the register's entry with its status
// colours (and none of the register's own script running), downloads a document as
// download.pdf, and axe finds no serious or critical violation on the viewer. The server asks the
// stand-in register `eabwasser wasserbuch` (internal/plattform/wasserbuch.Attrappe), started here on a free
// port and handed to the server as DIGIWAB_URL.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { binaryPath, launchBrowser, pruefeBarrierefreiheit, REPO_ROOT, startApp, until, withPage as mitSeite } from './harness.mjs';

/** Starts the stand-in register; resolves { url, stop }. */
async function startRegister() {
  const child = spawn(binaryPath(), ['wasserbuch', '--addr', '127.0.0.1:0'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let ausgabe = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Demo-Wasserbuch antwortet nicht: ${ausgabe}`)), 15_000);
    child.stdout.on('data', (d) => {
      ausgabe += d;
      const m = /DIGIWAB_URL=(http:\/\/127\.0\.0\.1:\d+)/.exec(ausgabe);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr.on('data', (d) => (ausgabe += d));
    child.once('exit', (code) => reject(new Error(`Demo-Wasserbuch beendet (${code}): ${ausgabe}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ende = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await ende;
  };
  return { url, stop };
}

let register;
let app;
let browser;
before(async () => {
  register = await startRegister();
  [app, browser] = await Promise.all([startApp({ umgebung: { DIGIWAB_URL: register.url } }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.stop();
  await register?.stop();
});

/** The released Bescheid of 2025 of Kläranlage Musterhausen: its operation's and its own id. */
async function musterhausenBescheid(token) {
  const betriebe = await app.api(`/betrieb/search?q=${encodeURIComponent('Kläranlage Musterhausen')}`, { token });
  const betrieb = betriebe.content.find((b) => b.bezeichnung === 'Kläranlage Musterhausen');
  assert.ok(betrieb, `demo operation Kläranlage Musterhausen: ${JSON.stringify(betriebe)}`);
  const bescheide = await app.api(`/betrieb/${betrieb.id}/bescheid/search`, { token });
  const bescheid = bescheide.content.find((b) => b.bescheidsdatum === '2025-01-15');
  assert.ok(bescheid, `the Bescheid of 15.01.2025: ${JSON.stringify(bescheide)}`);
  return { betriebId: betrieb.id, bescheidId: bescheid.id };
}

/** The computed background colour of the status cell of the procedure's step. */
const hintergrund = (seite, schritt) =>
  seite.locator('.wasserbuch-seite tr', { hasText: schritt }).locator('td').nth(1).evaluate((el) => getComputedStyle(el).backgroundColor);

describe('Wasserbuch', () => {
  it('a Bescheid opens its water-book entry in a new tab: status colours, no script of the register, a document as download.pdf, axe', async () => {
    const token = await app.login('fachadmin');
    const { betriebId, bescheidId } = await musterhausenBescheid(token);
    await mitSeite(browser, { token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/bescheid/${bescheidId}/bescheidsdaten?modus=l`));
      const link = page.getByRole('link', { name: /Im Wasserbuch öffnen/ });
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('href'), '/eAbwasser/wasserbuch?wbbId=S0412346');
      const [viewer] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      const fehler = [];
      viewer.on('pageerror', (e) => fehler.push(e));

      await viewer.getByRole('heading', { level: 1, name: /Wasserbucheintrag/ }).waitFor();
      await viewer.getByText('Frist überschritten').waitFor();
      assert.match(viewer.url(), /\/eAbwasser\/wasserbuch\?wbbId=S0412346$/);
      // the register's page as content of the viewer: its data, its headings below the viewer's h1
      await viewer.getByRole('heading', { level: 3, name: 'Verfahrensstand' }).waitFor(); // the register's h2, one level down
      await viewer.getByRole('cell', { name: 'Musterbach (Gewässer II. Ordnung)' }).waitFor();
      assert.equal(await viewer.getByRole('heading', { level: 1 }).count(), 1);
      // status0 white, status1 orange, status2 green, status3 red (wasserbuch.css)
      assert.equal(await hintergrund(viewer, 'Änderungsbescheid'), 'rgb(255, 255, 255)');
      assert.equal(await hintergrund(viewer, 'Messprogramm vorgelegt'), 'rgb(253, 186, 116)');
      assert.equal(await hintergrund(viewer, 'Prüfung der Unterlagen'), 'rgb(21, 128, 61)');
      assert.equal(await hintergrund(viewer, 'Drosselabfluss erfasst'), 'rgb(185, 28, 28)');
      // the register's script, onload and onclick never ran; none of its CSS or script is in the page
      assert.equal(await viewer.evaluate(() => window.wasserbuchGeladen), undefined);
      assert.equal(await viewer.locator('main script, main style, main [style], main [onclick]').count(), 0);

      // a document: fetched through the API with the token, saved as download.pdf
      const [download] = await Promise.all([
        viewer.waitForEvent('download'),
        viewer.getByRole('link', { name: 'Erlaubnisbescheid vom 15.01.2025' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'download.pdf');
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 8).toString('latin1'), '%PDF-1.4');
      assert.ok(pdf.includes(Buffer.from('Erlaubnisbescheid vom 15.01.2025', 'latin1')), 'the document of the entry');
      assert.equal(await viewer.evaluate(() => window.wasserbuchGeladen), undefined);

      await pruefeBarrierefreiheit(viewer, 'Wasserbucheintrag');
      assert.deepEqual(fehler, []);
    });
  });

  it('outside the shell (/wasserbuch-embedded) the same entry shows without navigation; an unknown entry says so in German', async () => {
    const token = await app.login('betreiber');
    await mitSeite(browser, { token }, async (page) => {
      await page.goto(app.url('/eAbwasser/wasserbuch-embedded?wbbId=S12345'));
      await page.getByRole('heading', { level: 1, name: /Wasserbucheintrag/ }).waitFor();
      await page.getByText('Überprüfung der Entlastungshäufigkeit').waitFor();
      assert.equal(await page.getByRole('navigation').count(), 0);
      await pruefeBarrierefreiheit(page, 'Wasserbucheintrag ohne Rahmen');

      await page.goto(app.url('/eAbwasser/wasserbuch?wbbId=S9999999'));
      await until(() => page.getByRole('alert').textContent(), /Der Eintrag ist im Wasserbuch nicht vorhanden\./, 'Meldung zum unbekannten Eintrag');
    });
  });
});
