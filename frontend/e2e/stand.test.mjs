// Browser test of the operation file as of a date (issue 33, "As of a date"): a demo plant whose
// Verlauf renames it (the demo data's past, internal/werkzeug/seed) is opened, 'Stand zum' is set to the day
// before the rename, and the tree and the plant's page show the earlier name in read mode under the
// banner, on every screen of the file and after a link inside a screen (the plant's Verlauf); axe on
// the plant's page as of that day; 'Aktueller Stand' brings today's name back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baum, mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((x) => ({ app, withPage } = x));

/** yyyy-MM-dd of an instant in Europe/Berlin, days later (negative: earlier). */
function berlinerTag(zeitpunkt, tage = 0) {
  const [j, m, t] = new Date(zeitpunkt).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }).split('-').map(Number);
  return new Date(Date.UTC(j, m - 1, t + tage)).toISOString().slice(0, 10);
}
const deutsch = (iso) => iso.split('-').reverse().join('.');

/** A demo plant whose Verlauf changes its Bezeichnung: the plant, the earlier name and the day of the change. */
async function umbenannteAnlage(token) {
  const anlagen = (await app.api('/anlage/search?size=50', { token })).content;
  for (const a of anlagen) {
    const verlauf = await app.api(`/anlage/${a.id}/verlauf`, { token });
    for (const schritt of verlauf) {
      const aenderung = (schritt.aenderungen ?? []).find((x) => x.feld === 'bezeichnung' && x.alt && x.neu);
      if (aenderung) return { anlage: a, alt: aenderung.alt, tag: berlinerTag(schritt.zeitpunkt) };
    }
  }
  assert.fail(`no demo plant whose Verlauf changes its Bezeichnung among ${anlagen.map((a) => a.bezeichnung).join(', ')}`);
}

describe('Betriebsakte zum Stand', () => {
  it("'Stand zum' before a rename shows the earlier plant name in the tree and on the plant's page, read-only, on every screen; 'Aktueller Stand' brings today's back", async () => {
    const token = await app.login('fachadmin'); // sees every operation
    const { anlage, alt, tag } = await umbenannteAnlage(token);
    const heute = anlage.bezeichnung;
    assert.notEqual(alt, heute);
    const vorher = berlinerTag(tag, -1);
    await withPage({ token }, async (page) => {
      const seite = `/eAbwasser/betriebsakte/${anlage.betriebId}/${anlage.anlagentyp.toLowerCase()}/${anlage.id}/anlagendaten`;
      await page.goto(app.url(`${seite}?modus=l`));
      const b = baum(page);
      await b.getByRole('link', { name: heute, exact: true }).waitFor();
      const bezeichnung = page.getByRole('main').locator('input[name="bezeichnung"]');
      await until(() => bezeichnung.inputValue(), heute, 'heutige Bezeichnung auf der Seite der Anlage');

      // the day before the rename
      await b.getByLabel('Stand zum').fill(deutsch(vorher));
      await until(() => new URL(page.url()).searchParams.get('stand'), vorher, 'stand in der Adresse');
      assert.equal(new URL(page.url()).searchParams.get('modus'), 'l');
      const banner = page.getByRole('status').filter({ hasText: 'Ansicht zum Stand' });
      await until(() => banner.textContent(), `Ansicht zum Stand ${deutsch(vorher)} — nur lesen`, 'Hinweis auf den früheren Stand');
      await b.getByRole('link', { name: alt, exact: true }).waitFor();
      assert.equal(await b.getByRole('link', { name: heute, exact: true }).count(), 0, 'no plant of today’s name in the tree as of then');
      await until(() => bezeichnung.inputValue(), alt, 'frühere Bezeichnung auf der Seite der Anlage');
      // read mode: no toggle, no save
      assert.equal(await b.getByRole('button', { name: /Bearbeiten/ }).count(), 0);
      assert.equal(await page.getByRole('main').getByRole('button', { name: 'Speichern' }).count(), 0);
      await pruefeBarrierefreiheit(page, 'Anlagendaten zum Stand');

      // a link inside the screen keeps the day: the plant's Verlauf, then back through the tree
      await page.getByRole('main').getByRole('link', { name: 'Verlauf der Anlage' }).click();
      await page.getByRole('heading', { level: 1, name: /^Verlauf: / }).waitFor();
      await until(() => new URL(page.url()).pathname.endsWith('/verlauf'), true, 'Verlauf der Anlage geöffnet');
      assert.equal(new URL(page.url()).searchParams.get('stand'), vorher, 'stand nach dem Link in der Seite');
      await until(() => banner.textContent(), `Ansicht zum Stand ${deutsch(vorher)} — nur lesen`, 'Hinweis auch auf dem Verlauf');
      await page.getByRole('table', { name: 'Verlauf' }).getByRole('row').nth(1).waitFor();
      await b.getByRole('link', { name: alt, exact: true }).click();
      await until(() => bezeichnung.inputValue(), alt, 'frühere Bezeichnung zurück auf der Seite der Anlage');

      // the tree keeps the day: the operation's data as of then, a screen without a past says so
      await b.getByRole('link', { name: 'Betriebsdaten', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Betriebsdaten' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('stand'), vorher);
      await until(() => banner.count(), 1, 'Hinweis auch auf den Betriebsdaten');
      await b.getByRole('link', { name: 'Wiedervorlagen', exact: true }).first().click();
      await page.getByText('Für diesen Bereich gibt es keine Ansicht zu einem früheren Stand.').waitFor();
      assert.equal(new URL(page.url()).searchParams.get('stand'), vorher);

      // today again
      await b.getByRole('link', { name: alt, exact: true }).click();
      await until(() => bezeichnung.inputValue(), alt, 'frühere Bezeichnung nach dem Weg durch den Baum');
      await b.getByRole('button', { name: 'Aktueller Stand' }).click();
      await b.getByRole('link', { name: heute, exact: true }).waitFor();
      await until(() => bezeichnung.inputValue(), heute, 'heutige Bezeichnung nach „Aktueller Stand“');
      assert.equal(new URL(page.url()).searchParams.get('stand'), null);
      assert.equal(await banner.count(), 0);
      assert.equal(await b.getByLabel('Stand zum').inputValue(), '');
    });
  });
});
