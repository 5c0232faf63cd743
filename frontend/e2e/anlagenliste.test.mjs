// Browser tests of the start page's Anlagen tab (spec 002 §2, issue 15) as the spec's users:
// authority staff export the plants query and find in the file exactly the plants they see,
// with the operator's open change request marked; the message about that request leads them
// to the plant. Against the real binary with the demo data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inhalt, mitAppUndBrowser, until } from './harness.mjs';
import { xlsxZeilen } from './xlsx.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const KLAERANLAGE = 'Betriebskläranlage Papierfabrik';
const KUEHLWASSER = 'Kühlwasserkreislauf Papiermaschine 2';
const PAPIERFABRIK = 'Papierfabrik Rheinaue – Werk Koblenz';

describe('Startseite: Anlagen', () => {
  it('zust_sbd exports the query of the Anlagen tab: the file holds the plants he sees, and only those', async () => {
    const token = await app.login('zust_sbd');
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      const tabelle = page.getByRole('table', { name: 'Anlagen' });
      const filter = page.getByRole('search', { name: 'Anlagen suchen' });
      // the default shows treatment plants only; every type of plant in operation
      await tabelle.getByRole('link', { name: KLAERANLAGE, exact: true }).waitFor();
      await filter.getByRole('group', { name: 'Anlagentyp' }).getByRole('checkbox', { name: 'Abwasserbehandlung' }).uncheck();
      await filter.getByRole('button', { name: 'Suchen' }).click();
      await tabelle.getByRole('link', { name: KUEHLWASSER, exact: true }).waitFor();
      await tabelle.getByRole('row').filter({ hasText: KLAERANLAGE }).getByText('Änderungsantrag offen').waitFor();
      await page.getByText('Der Export enthält alle Anlagen des Filters.').waitFor();

      const [download, anfrage] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/anlage/export'),
        page.getByRole('button', { name: 'Exportieren' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'anlagen.xlsx');
      assert.equal(anfrage.postData(), null, 'the query is exported, no selection');
      const url = new URL(anfrage.url());
      assert.deepEqual(url.searchParams.getAll('anlagenstatus'), ['IN_BETRIEB']);
      assert.deepEqual(url.searchParams.getAll('anlagentyp'), []);
      assert.equal(url.searchParams.get('page'), null);

      const zeilen = xlsxZeilen(await inhalt(download));
      assert.deepEqual(zeilen[0], ['Anlagen-Nr.', 'Abwasseranlage', 'Anlagentyp', 'Anlagenart', 'Status', 'Betrieb', 'Ort', 'Änderungsantrag offen']);
      // the Koblenz staff see the paper mill's plants, not the Trier operation's (Musterhausen)
      assert.deepEqual(
        zeilen.slice(1).map((z) => z.slice(1)),
        [
          [KLAERANLAGE, 'Abwasserbehandlung', 'Abwasservorbehandlung', 'In Betrieb', PAPIERFABRIK, 'Koblenz', 'ja'],
          [KUEHLWASSER, 'Kühlwasser', 'Abwasserbehandlung', 'In Betrieb', PAPIERFABRIK, 'Koblenz', ''],
        ],
      );
      assert.match(zeilen[1][0], /^A-\d{7}$/);

      // the selection: one row
      await tabelle.getByRole('checkbox', { name: `${KUEHLWASSER} auswählen` }).check();
      await page.getByText('1 ausgewählt – der Export enthält diese Anlagen.').waitFor();
      const [auswahl, mit] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/anlage/export'),
        page.getByRole('button', { name: 'Exportieren' }).click(),
      ]);
      assert.equal(JSON.parse(mit.postData()).ids.length, 1);
      assert.deepEqual(xlsxZeilen(await inhalt(auswahl)).slice(1).map((z) => z[1]), [KUEHLWASSER]);
    });
  });

  it("zust_sbd gets the message about the operator's change request and follows it to the plant", async () => {
    const token = await app.login('zust_sbd');
    const betreff = `Änderungsantrag zur Anlage: ${KLAERANLAGE}`;
    // the messages are a read model: wait until the demo request has reached it
    await until(
      () => app.api('/nachricht', { token }),
      (liste) => liste.some((n) => n.betreff === betreff && n.bezugZuFachobjekt === 'AENDERUNGSANTRAG_ANLAGE'),
      `Nachricht „${betreff}“ im Lesemodell`,
      { timeout: 15_000, interval: 200 },
    );
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=nachrichten'));
      const zeile = page.getByRole('table', { name: 'Nachrichten' }).getByRole('row').filter({ hasText: betreff });
      const link = zeile.getByRole('link', { name: new RegExp(`^Anlage ${KLAERANLAGE} – Betrieb ${PAPIERFABRIK}`) });
      await until(() => link.getAttribute('href'), /\/betriebsakte\/\d+\/abwasserbehandlung\/\d+\/anlagendaten\?modus=l$/, 'Link der Nachricht auf die Anlage');
      await link.click();
      await page.waitForURL((u) => /\/abwasserbehandlung\/\d+\/anlagendaten$/.test(u.pathname));
    });
  });
});
