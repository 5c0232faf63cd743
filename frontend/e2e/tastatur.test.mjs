// Phone and keyboard on the plant screens (issue 28, item 9): at 390 × 844 the plant's tabs and
// its Verlauf never scroll the page sideways (a table scrolls inside its own labelled, focusable
// box); the first Tab stop is the skip link, the start page has one to its list, and a few Tabs
// reach the first plant from there; after a navigation the focus is on the page's heading, after a
// save on the result message. axe-core checks each state. Against the real binary with the demo
// data (see harness.mjs): the paper mill's treatment plant has an Auslegung row, the Musterhausen
// works has an Entsorgungsraum.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAnlage, mitAppUndBrowser, pruefeBarrierefreiheit, TELEFON, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

/** How far the page is wider than the screen (0: nothing to scroll sideways). */
const seitlich = (page) => page.evaluate((w) => document.documentElement.scrollWidth - w, TELEFON.width);

/** What has the focus: tag, role, name-ish text, and whether it is the page's h1. */
const fokus = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e) return null;
    return {
      tag: e.tagName.toLowerCase(),
      role: e.getAttribute('role'),
      text: (e.getAttribute('aria-label') || e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 120),
      href: e.getAttribute('href'),
    };
  });

const anlagenPfad = (a, modus) => `/eAbwasser/betriebsakte/${a.betriebId}/${a.anlagentyp.toLowerCase()}/${a.id}/anlagendaten?modus=${modus}`;

/**
 * Every table on the page that is wider than its box scrolls inside a region the keyboard can
 * reach: its nearest scrolling ancestor is role=region with a name and tabindex 0.
 */
const breiteTabellen = (page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main table'))
      .filter((t) => t.getBoundingClientRect().width > 0)
      .map((t) => {
        let box = t.parentElement;
        while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
        const scrollt = !!box && box.scrollWidth > box.clientWidth;
        return {
          tabelle: t.querySelector('caption')?.textContent ?? t.getAttribute('aria-label') ?? '?',
          scrollt,
          region: box?.getAttribute('role') === 'region' && !!box.getAttribute('aria-label') && box.tabIndex === 0,
        };
      })
      .filter((t) => t.scrollt && !t.region),
  );

describe('phone and keyboard on the plant screens', () => {
  it('at 390 × 844 every plant tab and the Verlauf fit the screen; wide tables scroll in their own focusable box', async () => {
    const papier = await demoAnlage(app, 'Betriebskläranlage Papierfabrik', { wer: 'fachadmin' });
    const muster = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    await withPage({ token: await app.login('fachadmin'), viewport: TELEFON }, async (page) => {
      for (const [anlage, modus] of [
        [papier, 'l'],
        [papier, 's'],
        [muster, 's'],
      ]) {
        await page.goto(app.url(anlagenPfad(anlage, modus)));
        await page.getByRole('heading', { name: 'Anlagendaten', level: 1 }).waitFor();
        const reiter = page.getByRole('tablist').first().getByRole('tab');
        await reiter.first().waitFor();
        const namen = await reiter.allTextContents();
        assert.ok(namen.some((n) => n.startsWith('Auslegungs-/Planungsdaten')), `Reiter: ${namen.join(', ')}`);
        for (const name of namen) {
          await page.getByRole('tab', { name, exact: true }).click();
          await until(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'), 'true', `Reiter ${name}`);
          if (name.startsWith('Auslegungs-/Planungsdaten') && modus === 's') {
            // one row more in each list: the edit rows are the widest
            for (const liste of ['Auslegung/Belastung', 'Planung']) {
              const knopf = page.getByRole('button', { name: `${liste}: Zeile hinzufügen` });
              if ((await knopf.count()) > 0) await knopf.click();
            }
          }
          if (name.startsWith('Anlagenteile') && modus === 's') {
            const knopf = page.getByRole('button', { name: /: Zeile hinzufügen$/ }).first();
            if ((await knopf.count()) > 0) await knopf.click();
          }
          await until(() => seitlich(page), (n) => n <= 0, `${anlage.bezeichnung} (${modus}), Reiter ${name}: nicht breiter als 390 px`);
          await until(() => breiteTabellen(page), [], `${anlage.bezeichnung} (${modus}), Reiter ${name}: breite Tabellen scrollen in einer Region`);
          await pruefeBarrierefreiheit(page, `${anlage.bezeichnung} (${modus}), Reiter ${name} (Telefon)`);
        }
      }
      // the Verlauf keeps its Ereignis column reachable and the page narrow, also with a row opened
      await page.goto(app.url(anlagenPfad(papier, 'l')));
      await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
      await page.getByRole('heading', { name: 'Verlauf: Betriebskläranlage Papierfabrik' }).waitFor();
      const verlauf = page.getByRole('table', { name: 'Verlauf' });
      await verlauf.getByRole('row').nth(1).waitFor();
      await until(() => seitlich(page), (n) => n <= 0, 'Verlauf: nicht breiter als 390 px');
      // the Ereignis column is on screen as the page opens, not cut off at its edge
      const ereignis = verlauf.getByRole('columnheader', { name: /Ereignis/ });
      await until(
        async () => {
          const b = await ereignis.boundingBox();
          return b && b.x >= 0 && b.x + b.width <= TELEFON.width;
        },
        true,
        'Spalte Ereignis ganz im Bild',
      );
      await until(() => breiteTabellen(page), [], 'Verlauf: breite Tabellen scrollen in einer Region');
      await verlauf.getByRole('button', { name: 'Details anzeigen' }).last().click();
      await until(() => seitlich(page), (n) => n <= 0, 'Verlauf mit geöffneter Zeile: nicht breiter als 390 px');
      await until(() => breiteTabellen(page), [], 'Verlauf mit geöffneter Zeile: breite Tabellen scrollen in einer Region');
      await pruefeBarrierefreiheit(page, 'Verlauf der Anlage (Telefon)');
    });
  });

  it('at 390 × 844 every tab of a discharge point fits the screen, in read and edit mode with a row added to each list', async () => {
    const papier = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    const token = await app.login('zust_sbd');
    const punkte = await app.api(`/messstelle/uebersicht/${papier.id}`, { token });
    const einleitung = punkte.find((p) => p.messstellentyp === 'NR_8');
    assert.ok(einleitung, `a demo discharge point at the paper mill: ${JSON.stringify(punkte)}`);
    const seite = `/eAbwasser/betriebsakte/${papier.betriebId}/abwasserbehandlung/${papier.id}/messstellen/${einleitung.id}/messstellendaten`;
    await withPage({ token, viewport: TELEFON }, async (page) => {
      for (const modus of ['l', 's']) {
        await page.goto(app.url(`${seite}?modus=${modus}`));
        await page.getByRole('heading', { name: 'Messstellendaten', level: 1 }).waitFor();
        const reiter = page.getByRole('tablist').first().getByRole('tab');
        await reiter.first().waitFor();
        const namen = await reiter.allTextContents();
        assert.deepEqual(
          namen.map((n) => n.trim()),
          ['Messstelle', 'Einleitstelle', 'Mindestanforderungen', 'Vorbelastungen'],
          `Reiter: ${namen.join(', ')}`,
        );
        for (const name of namen) {
          await page.getByRole('tab', { name, exact: true }).click();
          await until(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'), 'true', `Reiter ${name}`);
          if (modus === 's') {
            // one row more in each list of the tab: the edit rows are the widest
            const knoepfe = page.getByRole('tabpanel').getByRole('button', { name: /: Zeile hinzufügen$/ });
            for (let i = 0; i < (await knoepfe.count()); i++) await knoepfe.nth(i).click();
          }
          await until(() => seitlich(page), (n) => n <= 0, `Messstelle (${modus}), Reiter ${name}: nicht breiter als 390 px`);
          await until(() => breiteTabellen(page), [], `Messstelle (${modus}), Reiter ${name}: breite Tabellen scrollen in einer Region`);
          await pruefeBarrierefreiheit(page, `Messstelle (${modus}), Reiter ${name} (Telefon)`);
        }
      }
    });
  });

  it('the skip link is the first Tab stop; the start page skips to its list and a few Tabs reach the first plant', async (t) => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      const liste = page.getByRole('table', { name: 'Anlagen' });
      await liste.getByRole('row').nth(1).getByRole('link').first().waitFor();
      await page.keyboard.press('Tab');
      await until(() => fokus(page), (f) => f?.tag === 'a' && f.text === 'Zum Inhalt springen', 'erster Tab-Halt: Zum Inhalt springen');
      const inhalt = page.getByRole('link', { name: 'Zum Inhalt springen' });
      await until(async () => (await inhalt.boundingBox())?.width > 20, true, 'Sprunglink sichtbar im Fokus');
      await page.keyboard.press('Tab');
      await until(() => fokus(page), (f) => f?.tag === 'a' && f.text === 'Zur Liste springen', 'zweiter Tab-Halt: Zur Liste springen');
      await until(async () => (await page.getByRole('link', { name: 'Zur Liste springen' }).boundingBox())?.width > 20, true, 'Listen-Sprunglink sichtbar');
      await pruefeBarrierefreiheit(page, 'Startseite mit Sprunglink im Fokus');
      await page.keyboard.press('Enter');
      // the focus lands on the list (the box of the Anlagen table)
      await until(
        () => page.evaluate(() => !!document.activeElement?.querySelector('table[aria-label="Anlagen"], table caption') && document.activeElement.querySelector('caption')?.textContent === 'Anlagen'),
        true,
        'Fokus auf der Liste',
      );
      const erste = await liste.getByRole('row').nth(1).getByRole('link').first().textContent();
      let tabs = 0;
      for (; tabs < 60; tabs++) {
        const f = await fokus(page);
        if (f?.tag === 'a' && f.text === erste && f.href?.includes('/anlagendaten')) break;
        await page.keyboard.press('Tab');
      }
      t.diagnostic(`${tabs} Tabs von 'Zur Liste springen' bis zur ersten Anlage`);
      assert.ok(tabs <= 8, `${tabs} Tabs von der Liste bis zur ersten Anlage (höchstens 8)`);

      // landmarks: one banner, one navigation, one main, one contentinfo
      for (const rolle of ['banner', 'main', 'contentinfo']) {
        await until(() => page.getByRole(rolle).count(), 1, `eine Landmarke ${rolle}`);
      }
      await until(() => page.getByRole('navigation', { name: 'Hauptnavigation' }).count(), 1, 'Hauptnavigation');
    });
  });

  it('after a navigation the focus is on the page heading', async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      const liste = page.getByRole('table', { name: 'Anlagen' });
      await liste.locator('a[href*="/anlagendaten"]', { hasText: 'Kläranlage Musterhausen' }).first().focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Anlagendaten', level: 1 }).waitFor();
      await until(() => fokus(page), (f) => f?.tag === 'h1' && f.text === 'Anlagendaten', 'Fokus auf der Überschrift der Anlage');
      await pruefeBarrierefreiheit(page, 'Anlage nach der Navigation');

      // a link of the file's tree: the heading of the next page
      await page.getByRole('navigation', { name: 'Betriebsakte' }).getByRole('link', { name: 'Betriebsdaten' }).click();
      await page.getByRole('heading', { name: 'Betriebsdaten', level: 1 }).waitFor();
      await until(() => fokus(page), (f) => f?.tag === 'h1' && f.text === 'Betriebsdaten', 'Fokus auf der Überschrift der Betriebsdaten');
    });
  });

  it('after a save the focus is on the result message, with and without the audit dialog', async () => {
    const muster = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      // a save without the audit dialog (the Entsorgungsraum is not historised)
      await page.goto(app.url(anlagenPfad(muster, 's')));
      await page.getByRole('tab', { name: /Entsorgungsraum/ }).click();
      await page.getByRole('cell', { name: 'Koblenz', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Verwaltungseinheit hinzufügen' }).click();
      const einheit = page.getByRole('dialog', { name: 'Verwaltungseinheit hinzufügen' });
      await einheit.getByRole('combobox', { name: /^Verwaltungseinheit/ }).selectOption({ label: 'Trier (07211000)' });
      await einheit.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByRole('cell', { name: 'Trier', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      await until(() => fokus(page), (f) => /Anlage erfolgreich gespeichert/.test(f?.text ?? ''), 'Fokus auf der Erfolgsmeldung');
      // it stays there once the form has loaded the saved plant
      await page.waitForTimeout(800);
      await until(() => fokus(page), (f) => /Anlage erfolgreich gespeichert/.test(f?.text ?? ''), 'Fokus bleibt auf der Erfolgsmeldung');
      await pruefeBarrierefreiheit(page, 'Anlage nach dem Speichern');

      // a historised save through the audit dialog: the message, not the closed dialog's button
      await page.goto(app.url(anlagenPfad(muster, 's')));
      await page.getByLabel(/^Bezeichnung/).waitFor();
      await page.getByLabel(/^Rechtswert/).fill('392460,7');
      await page.getByRole('button', { name: 'Speichern' }).click();
      const dialog = page.getByRole('dialog', { name: 'Historisierung' });
      await dialog.getByRole('button', { name: 'Historisieren' }).click();
      await dialog.getByLabel(/Änderungsgrund/).fill('Neu vermessen');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      const ueberschreiben = dialog.getByRole('button', { name: 'Überschreiben' });
      await Promise.race([ueberschreiben.waitFor().then(() => ueberschreiben.click()), page.waitForURL((u) => u.searchParams.get('modus') === 'l')]).catch(() => {});
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      await until(() => fokus(page), (f) => /Anlage erfolgreich gespeichert/.test(f?.text ?? ''), 'Fokus auf der Erfolgsmeldung nach der Historisierung');
      await page.waitForTimeout(800);
      await until(() => fokus(page), (f) => /Anlage erfolgreich gespeichert/.test(f?.text ?? ''), 'Fokus bleibt auf der Erfolgsmeldung nach der Historisierung');
    });
  });
});
