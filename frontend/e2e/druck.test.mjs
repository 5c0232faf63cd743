// Browser test of the Druckausgabe (spec 001 §2.10, issue 33): fachadmin opens the operation
// file of Kläranlage Musterhausen, 'Drucken' in the file's tree opens the dialog, he chooses the
// treatment plant, the sewer network and the Bescheid of 15.01.2025 and nothing else, and
// 'Drucken' saves a PDF whose text (pdftotext, poppler-utils) holds the three and not the relief
// plant left out. axe finds no serious or critical violation on the open dialog; the dialog keeps
// Tab inside and Escape closes it with the focus back on the tree's 'Drucken'.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { baum, mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

/** The text of a PDF file (pdftotext -enc UTF-8, poppler-utils, which .ci/run installs). */
async function pdfText(datei) {
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', datei, '-']);
  return stdout;
}

/** The id of the demo operation Kläranlage Musterhausen, as token's user finds it. */
async function musterhausen(token) {
  const seite = await app.api(`/betrieb/search?q=${encodeURIComponent('Kläranlage Musterhausen')}`, { token });
  const betrieb = seite.content.find((b) => b.bezeichnung === 'Kläranlage Musterhausen');
  assert.ok(betrieb, `demo operation Kläranlage Musterhausen: ${JSON.stringify(seite)}`);
  return betrieb.id;
}

/** The element with the focus: its text and whether it lies in an open dialog. */
const fokus = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { text: (el?.textContent ?? '').trim(), imDialog: !!el?.closest('dialog[open]'), tag: el?.tagName ?? '' };
  });

describe('Druckausgabe', () => {
  it('fachadmin prints two plants and a Bescheid from the dialog: the PDF has them and not the relief plant left out', async () => {
    const token = await app.login('fachadmin');
    const id = await musterhausen(token);
    const ordner = await mkdtemp(join(tmpdir(), 'eabwasser-druck-'));
    try {
      await withPage({ token }, async (page) => {
        await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
        await baum(page).getByRole('button', { name: 'Drucken' }).click();
        const dialog = page.getByRole('dialog', { name: 'Druckausgabe' });
        await dialog.getByRole('list', { name: 'Teile der Betriebsakte' }).waitFor();
        const box = (name) => dialog.getByRole('checkbox', { name, exact: true });

        // the operation's data (the group Betrieb, one node) is chosen when the dialog opens; nothing else yet
        assert.equal(await box('Betrieb').isChecked(), true);
        assert.equal(await box('Kläranlage Musterhausen').isChecked(), false);
        await pruefeBarrierefreiheit(page, 'Druckausgabe');

        // everything, then the rest taken out again: two plants and one Bescheid remain
        await box('Alle auswählen').check();
        assert.equal(await box('Regenüberlaufbecken Musterhausen-Nord').isChecked(), true);
        await box('Betrieb').uncheck();
        await box('Entlastungsanlagen').uncheck();
        await box('Messstellen').uncheck();
        for (const gruppe of ['Bescheide', 'Bescheidsanträge']) {
          if ((await box(gruppe).count()) > 0) await box(gruppe).uncheck();
        }
        const bescheid = dialog.getByRole('checkbox', { name: /vom 15\.01\.2025$/ });
        await bescheid.check();
        assert.equal(await box('Kläranlage Musterhausen').isChecked(), true);
        assert.equal(await box('Kanalnetz Musterhausen').isChecked(), true);
        assert.equal(await box('Regenüberlaufbecken Musterhausen-Nord').isChecked(), false);
        assert.equal(await box('Betrieb').isChecked(), false);
        // the groups partly chosen show it (mixed), 'Alle auswählen' too
        assert.equal(await box('Alle auswählen').getAttribute('aria-checked'), 'mixed');
        await pruefeBarrierefreiheit(page, 'Druckausgabe mit Auswahl');

        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Drucken', exact: true }).click()]);
        assert.equal(download.suggestedFilename(), `Betriebsakte-${id}.pdf`);
        const datei = join(ordner, 'druck.pdf');
        await download.saveAs(datei);
        await dialog.waitFor({ state: 'detached' });

        const text = await pdfText(datei);
        for (const soll of ['Kläranlage Musterhausen', 'Kanalnetz Musterhausen', '31-2/25', 'Abwasserbehandlungsanlage', 'Kanalnetz', 'Seite 1 von ']) {
          assert.ok(text.includes(soll), `the print lacks ${soll}:\n${text}`);
        }
        // the relief plant was left out: no section of its kind, not in the cover's list; nor the
        // operation's own data, the measuring point or the other Bescheide
        for (const nicht of ['Entlastungsanlage', '• Betrieb ', '• Messstelle', '31-2/14 vom', '31-2/26']) {
          assert.ok(!text.includes(nicht), `the print shows ${nicht}, which was not chosen:\n${text}`);
        }
      });
    } finally {
      await rm(ordner, { recursive: true, force: true });
    }
  });

  it('the dialog keeps Tab inside; Escape closes it and gives the focus back to the tree’s Drucken', async () => {
    const token = await app.login('fachadmin');
    const id = await musterhausen(token);
    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${id}/betriebsdaten?modus=l`));
      const oeffnen = baum(page).getByRole('button', { name: 'Drucken' });
      await oeffnen.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Druckausgabe' });
      await dialog.getByRole('list', { name: 'Teile der Betriebsakte' }).waitFor();
      await until(async () => (await fokus(page)).imDialog, true, 'the focus in the dialog when it opens');

      // forwards and backwards past both ends: the focus never leaves the dialog, and it reaches
      // the dialog's own 'Drucken'
      const gesehen = new Set();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const f = await fokus(page);
        assert.ok(f.imDialog, `Tab ${i + 1} left the dialog: ${JSON.stringify(f)}`);
        gesehen.add(f.text);
      }
      assert.ok(gesehen.has('Drucken') && gesehen.has('Abbrechen'), `the dialog's buttons by Tab: ${[...gesehen].join(' | ')}`);
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Shift+Tab');
        const f = await fokus(page);
        assert.ok(f.imDialog, `Shift+Tab ${i + 1} left the dialog: ${JSON.stringify(f)}`);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await until(() => fokus(page), { text: 'Drucken', imDialog: false, tag: 'BUTTON' }, 'the focus back on the tree’s Drucken');
      assert.equal(await oeffnen.evaluate((el) => el === document.activeElement), true);
    });
  });
});
