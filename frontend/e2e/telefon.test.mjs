// The app on a phone (390 × 844, issue 14): the start page shows its list first with the filters
// folded into one button, the operation file's tree folds into 'Menü', the page never scrolls
// sideways, and a table's row actions stay on screen while its columns scroll beneath them.
// axe-core checks each page at this size. Against the real binary with the demo data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mitAppUndBrowser, pruefeBarrierefreiheit, TELEFON, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

/** The page is no wider than the screen (nothing to scroll sideways). */
const seitlich = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The element lies within the screen's width. */
const imBild = async (locator) => {
  const b = await locator.boundingBox();
  return b !== null && b.x >= 0 && b.x + b.width <= TELEFON.width;
};

describe('on a phone', () => {
  it('start page, operation file and administration stay usable at 390 × 844', async () => {
    await withPage({ token: await app.login('systemadmin'), viewport: TELEFON }, async (page) => {
      // start page: the list comes first, the filters wait behind 'Filter anzeigen'
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      const tabelle = page.getByRole('table', { name: 'Betriebe' });
      await tabelle.getByRole('row').nth(1).waitFor();
      const filterKnopf = page.getByRole('button', { name: 'Filter anzeigen' });
      await until(() => filterKnopf.getAttribute('aria-expanded'), 'false', 'Filter zugeklappt');
      await until(() => page.getByRole('search', { name: 'Betriebe suchen' }).isVisible(), false, 'Filterformular verborgen');
      await until(() => tabelle.isVisible(), true, 'Liste sichtbar');
      await until(() => seitlich(page), 0, 'Startseite ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Startseite (Telefon)');
      await filterKnopf.click();
      const filter = page.getByRole('search', { name: 'Betriebe suchen' });
      await filter.getByLabel('Suche').fill('Papierfabrik');
      await filter.getByRole('button', { name: 'Suchen' }).click();
      await tabelle.getByRole('link', { name: 'Papierfabrik Rheinaue – Werk Koblenz', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Filter ausblenden' }).click();
      await until(() => filter.isVisible(), false, 'Filter wieder zugeklappt');

      // operation file: the tree is a menu below the name
      await tabelle.getByRole('link', { name: 'Papierfabrik Rheinaue – Werk Koblenz', exact: true }).click();
      await page.getByRole('heading', { name: 'Betriebsdaten', level: 1 }).waitFor();
      const akte = page.getByRole('navigation', { name: 'Betriebsakte' });
      const menue = akte.getByRole('button', { name: 'Menü' });
      await until(() => menue.getAttribute('aria-expanded'), 'false', 'Menü zugeklappt');
      await until(() => akte.getByRole('link', { name: 'Wiedervorlagen' }).isVisible(), false, 'Baum verborgen');
      await until(() => seitlich(page), 0, 'Betriebsakte ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Betriebsdaten (Telefon)');
      await menue.click();
      await akte.getByRole('link', { name: 'Wiedervorlagen' }).click();
      await page.waitForURL((u) => u.pathname.endsWith('/wiedervorlagen'));
      await until(() => menue.getAttribute('aria-expanded'), 'false', 'Menü schließt nach der Wahl');

      // administration: the row's actions are on screen although the table is wider
      await page.goto(app.url('/eAbwasser/systemverwaltung'));
      const zeile = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'betreiber', exact: true }) });
      const bearbeiten = zeile.getByRole('button', { name: 'Bearbeiten: betreiber' });
      await bearbeiten.waitFor();
      await until(
        () => page.getByRole('table').first().evaluate((t) => t.parentElement.scrollWidth > t.parentElement.clientWidth),
        true,
        'die Tabelle ist breiter als der Bildschirm',
      );
      await until(() => imBild(bearbeiten), true, "'Bearbeiten' der Zeile im Bild");
      await until(() => imBild(zeile.getByRole('button', { name: 'Löschen: betreiber' })), true, "'Löschen' der Zeile im Bild");
      await until(() => seitlich(page), 0, 'Systemverwaltung ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Systemverwaltung (Telefon)');
      await bearbeiten.click();
      await page.getByRole('dialog', { name: /bearbeiten/i }).waitFor();
      await pruefeBarrierefreiheit(page, 'Anwender bearbeiten (Telefon)');
      assert.ok(true);
    });
  });
});
