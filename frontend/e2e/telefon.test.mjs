// The app on a phone (390 × 844, issue 14): the start page shows its list first with the filters
// folded into one button, the operation file's tree folds into 'Menü', the page never scrolls
// sideways, and a table's row actions stay on screen while its columns scroll beneath them; the
// Bescheid screens (overview, Bescheid, Anforderungen, evaluation) with every tab as well.
// axe-core checks each page at this size. Against the real binary with the demo data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mitAppUndBrowser, papierfabrik, pruefeBarrierefreiheit, seitlich, TELEFON, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

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

  it('the Bescheid screens (overview, Bescheid, Anforderungen, evaluation) stay usable at 390 × 844', async () => {
    const token = await app.login('zust_sbb');
    // the paper mill's released demo Bescheid with its measuring points
    const betrieb = (await app.api('/betrieb/search?q=Papierfabrik', { token })).content.find((b) => b.bezeichnung.startsWith('Papierfabrik Rheinaue'));
    assert.ok(betrieb, 'die Papierfabrik der Demo');
    const bescheide = (await app.api(`/betrieb/${betrieb.id}/bescheid/search?size=100`, { token })).content;
    let bescheid;
    for (const b of bescheide.filter((x) => x.bescheidsstatus === 'FREIGEGEBEN')) {
      const voll = await app.api(`/bescheid/${b.id}`, { token });
      if (voll.messstellen.length > 0) {
        bescheid = voll;
        break;
      }
    }
    assert.ok(bescheid, `ein freigegebener Demo-Bescheid mit Messstellen (${JSON.stringify(bescheide.map((b) => b.bescheidsstatus))})`);
    const messstelle = bescheid.messstellen[0].id;
    const akte = `/eAbwasser/betriebsakte/${betrieb.id}`;
    /** Every tab of the page: no sideways scrolling, axe. */
    const reiterPruefen = async (page, name, reiter) => {
      for (const r of reiter) {
        await page.getByRole('tab', { name: r, exact: true }).click();
        await until(() => page.getByRole('tab', { name: r, exact: true }).getAttribute('aria-selected'), 'true', `${name}: Reiter ${r}`);
        await until(() => seitlich(page), 0, `${name} (${r}) ohne seitliches Scrollen`);
        await pruefeBarrierefreiheit(page, `${name}: ${r} (Telefon)`);
      }
    };
    await withPage({ token, viewport: TELEFON }, async (page) => {
      await page.goto(app.url(`${akte}/bescheiduebersicht?modus=l`));
      await page.getByRole('heading', { name: 'Übersicht Bescheide/Erklärungen', level: 1 }).waitFor();
      await until(() => page.getByRole('table', { name: 'Bescheide' }).getByRole('link', { name: /anzeigen$/ }).count(), (n) => n >= 1, 'Bescheide gefunden');
      await until(() => seitlich(page), 0, 'Bescheidübersicht ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Übersicht Bescheide/Erklärungen (Telefon)');

      await page.goto(app.url(`${akte}/bescheid/${bescheid.id}/bescheidsdaten?modus=l`));
      await page.getByLabel(/^Aktenzeichen/).waitFor();
      await reiterPruefen(page, 'Bescheid', ['Bescheid', 'Auflagen']);

      await page.goto(app.url(`${akte}/bescheid/${bescheid.id}/messstellen/${messstelle}?modus=l`));
      await page.getByRole('heading', { name: 'Anforderungen', level: 1 }).waitFor();
      await reiterPruefen(page, 'Anforderungen', ['Festlegungen', 'Selbstüberwachung']);

      await page.goto(app.url(`${akte}/parameteruebersicht?modus=l`));
      await page.getByRole('heading', { name: 'Übersicht Parameterwerte', level: 1 }).waitFor();
      const reiter = await page.getByRole('tab').allTextContents();
      assert.equal(reiter.length, 3, `drei Reiter der Auswertung: ${reiter}`);
      await reiterPruefen(page, 'Übersicht Parameterwerte', reiter);
    });
  });

  it('the annual report screens (Jahresdaten, Messwerte with their grid, Dateien, the Messwerte tab, Überschreitungen) stay usable at 390 × 844', async () => {
    const token = await app.login('betreiber');
    const betriebId = await papierfabrik(app, token);
    const bericht = (await app.api(`/jahresbericht/${betriebId}`, { token })).find((b) => b.jahr === 2025);
    assert.ok(bericht, 'der Demo-Jahresbericht 2025 der Papierfabrik');
    const voll = await app.api(`/jahresbericht/id/${bericht.id}`, { token });
    const p = voll.parameter.find((x) => (x.anzahlWerte ?? 0) > 0);
    assert.ok(p, 'ein Parameter mit Werten');
    const akte = `/eAbwasser/betriebsakte/${betriebId}`;
    await withPage({ token, viewport: TELEFON }, async (page) => {
      await page.goto(app.url(`${akte}/jahresbericht/${bericht.id}/jahresberichtdaten?modus=s`));
      await page.getByRole('button', { name: 'Speichern und Einreichen' }).waitFor();
      await until(() => seitlich(page), 0, 'Jahresdaten ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Jahresdaten (Telefon)');
      await page.goto(app.url(`${akte}/jahresbericht/${bericht.id}/messstelle/${p.messstelle}/parameter/${p.parameterId}?modus=s`));
      await page.getByRole('table', { name: 'Messwerte' }).waitFor();
      await until(() => seitlich(page), 0, 'Messwerte ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Messwerte (Telefon)');
      // the report's files, the area's Messwerte tab and the operation's Überschreitungen
      await page.goto(app.url(`${akte}/jahresbericht/${bericht.id}/dateien?modus=l`));
      await page.getByRole('heading', { name: 'Externe Stoffe' }).waitFor();
      await until(() => seitlich(page), 0, 'Dateien ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Dateien des Jahresberichts (Telefon)');
      await page.goto(app.url(`${akte}/jahresbericht/uebersicht?modus=l`));
      await page.getByRole('tab', { name: 'Messwerte' }).click();
      await page.getByRole('table', { name: 'Messwerte der Jahresberichte' }).waitFor();
      await until(() => seitlich(page), 0, 'Messwerte-Reiter ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Messwerte-Reiter (Telefon)');
      await page.goto(app.url(`${akte}/jahresbericht/ueberschreitungen?modus=l`));
      await page.getByRole('heading', { name: 'Überschreitungen', level: 1 }).waitFor();
      await until(() => seitlich(page), 0, 'Überschreitungen ohne seitliches Scrollen');
      await pruefeBarrierefreiheit(page, 'Überschreitungen (Telefon)');
    });
  });
});
