// Browser tests of the file screens' forms (issue 28, items 4–6) as the spec's users: zust_sbd
// saves a new plant with errors on three tabs and sees all of them at once (summary at the
// top, messages at the fields, tabs flagged, focus on the summary), negative numbers told so;
// an error toast never covers 'Speichern'; the operator finds the fields he may not save
// disabled, with the hint that they go through a change request. Against the real binary with
// the demo data (see harness.mjs): the paper mill is approved and has a treatment and a
// cooling plant of the operator 'betreiber'; the brewery is not approved yet.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAnlage, mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const uebersicht = (page) => page.getByRole('region', { name: 'Validierung fehlgeschlagen' });
const reiter = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}(\\s|$)`) });

/** The accessible description of a control (its aria-describedby texts). */
const beschreibung = (feld) =>
  feld.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const ueberlappen = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('Formulare der Akte', () => {
  it('zust_sbd sees every error of a new plant at once, in a summary linked to the fields', async () => {
    const { betriebId } = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/abwasserbehandlung/neu/anlagendaten?modus=s`));
      await page.getByRole('heading', { name: 'Neue Abwasserbehandlungsanlage' }).waitFor();
      // tab Anlage: no name, a negative Hochwert
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Abwasserbehandlung' });
      await page.getByLabel(/^Hochwert/).fill('-5582970');
      await page.getByLabel(/^Rechtswert/).fill('398150,25');
      await page.getByRole('button', { name: 'Abwasserbeseitigungspflichtige: Zeile hinzufügen' }).click();
      await page.getByLabel('Organisation 1').selectOption({ label: 'Verbandsgemeinde Musterhausen' });
      // tab Auslegungs-/Planungsdaten: no parameter, a negative value
      await reiter(page, 'Auslegungs-/Planungsdaten').click();
      await page.getByRole('button', { name: 'Auslegung/Belastung: Zeile hinzufügen' }).click();
      await page.getByLabel('Einheit 1').selectOption({ index: 1 });
      await page.getByLabel('Auslegungswert 1').fill('-3');
      // tab Anlagenteile: no category, Anzahl −2
      await reiter(page, 'Anlagenteile').click();
      await page.getByRole('button', { name: 'Anlagenteile: Zeile hinzufügen' }).click();
      await page.getByLabel('Anzahl 1').fill('-2');

      let anfragen = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/anlage/')) anfragen++;
      });
      await page.getByRole('button', { name: 'Speichern' }).click();

      // one save shows all of them: the summary has the focus and lists each with its field
      await uebersicht(page).waitFor();
      await until(() => uebersicht(page).evaluate((el) => el.contains(document.activeElement)), true, 'Fokus auf der Fehlerübersicht');
      const eintraege = uebersicht(page).getByRole('link');
      const texte = await until(() => eintraege.allTextContents(), (t) => t.length >= 6, 'sechs Fehler in der Übersicht');
      for (const erwartet of [
        /^Bezeichnung: Dieses Feld ist ein Pflichtfeld\.$/,
        /^Hochwert: Es muss ein positiver Wert angegeben werden!$/,
        /Parameter: Dieses Feld ist ein Pflichtfeld\.$/,
        /Auslegungswert: Es muss ein positiver Wert angegeben werden!$/,
        /Kategorie: Dieses Feld ist ein Pflichtfeld\.$/,
        /Anzahl: Wert darf nicht negativ sein$/,
      ]) {
        assert.ok(texte.some((t) => erwartet.test(t)), `summary lists ${erwartet}: ${JSON.stringify(texte)}`);
      }
      assert.equal(anfragen, 0, 'the client checked every rule it knows before a request');
      // the tabs with errors are flagged
      for (const r of ['Anlage', 'Auslegungs-/Planungsdaten', 'Anlagenteile']) {
        assert.match(await reiter(page, r).textContent(), /enthält Fehler/, `tab ${r} flagged`);
      }
      // the messages at the fields, the decided text for a negative Hochwert
      assert.match(await beschreibung(page.getByLabel(/^Hochwert/)), /Es muss ein positiver Wert angegeben werden!/);
      await pruefeBarrierefreiheit(page, 'Neue Anlage mit Fehlerübersicht');
      // a link of the summary opens the field's tab and puts the focus on it
      await uebersicht(page).getByRole('link', { name: /Anzahl: Wert darf nicht negativ sein/ }).click();
      await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Anzahl 1', 'Fokus auf Anzahl 1');
      assert.equal(await reiter(page, 'Anlagenteile').getAttribute('aria-selected'), 'true');
      await page.getByText('Wert darf nicht negativ sein', { exact: true }).waitFor();
    });
  });

  it('an error toast never covers the Speichern button', async () => {
    const token = await app.login('zust_sbd');
    const brauerei = (await app.api('/betrieb/search?q=Brauerei', { token })).content.find((b) => b.bezeichnung === 'Brauerei am Deutschen Eck');
    assert.ok(brauerei, 'demo operation Brauerei');
    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${brauerei.id}/abwasserbehandlung/neu/anlagendaten?modus=s`));
      await page.getByRole('heading', { name: 'Neue Abwasserbehandlungsanlage' }).waitFor();
      await page.getByLabel(/^Bezeichnung/).fill('Brauerei-Kläranlage');
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Abwasserbehandlung' });
      await page.getByLabel(/^Hochwert/).fill('5582970,5');
      await page.getByLabel(/^Rechtswert/).fill('398150,25');
      await page.getByRole('button', { name: 'Abwasserbeseitigungspflichtige: Zeile hinzufügen' }).click();
      await page.getByLabel('Organisation 1').selectOption({ label: 'Verbandsgemeinde Musterhausen' });
      const speichern = page.getByRole('button', { name: 'Speichern' });
      await speichern.click();
      // the operation is not approved: a refusal of the whole save, as an error toast
      const meldung = page.getByRole('region', { name: 'Benachrichtigungen' }).getByRole('alert');
      await meldung.getByText('Anlagen können erst angelegt werden, wenn der Betrieb freigegeben ist.').waitFor();
      const [t, s] = [await meldung.boundingBox(), await speichern.boundingBox()];
      assert.ok(t && s, 'both visible');
      assert.equal(ueberlappen(t, s), false, `toast ${JSON.stringify(t)} covers Speichern ${JSON.stringify(s)}`);
      // the retry is not blocked: the pointer on the button is on the button
      await speichern.hover();
      await speichern.click({ trial: true, timeout: 2000 });
    });
  });

  it('betreiber finds the fields he may not save disabled, with the hint of the change request', async () => {
    const klaeranlage = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    const kuehl = await demoAnlage(app, 'Kühlwasserkreislauf Papiermaschine 2');
    const hinweis = /Diese Angabe ändern Sie über einen Änderungsantrag\./;
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${klaeranlage.betriebId}/abwasserbehandlung/${klaeranlage.id}/anlagendaten?modus=s`));
      await page.getByRole('heading', { name: 'Anlagendaten' }).waitFor();
      await page.getByRole('button', { name: 'Speichern' }).waitFor();
      for (const feld of [page.getByLabel(/^Anlagenart/), page.getByLabel(/^Hochwert/), page.getByLabel(/^Rechtswert/), page.getByLabel('TEG-Abschluss'), page.getByLabel(/^Bezeichnung/)]) {
        assert.equal(await feld.isDisabled(), true, `${await feld.getAttribute('name')} disabled`);
        assert.match(await beschreibung(feld), hinweis, `${await feld.getAttribute('name')} has the hint`);
      }
      // what he keeps up to date stays open
      await reiter(page, 'Auslegungs-/Planungsdaten').click();
      await page.getByRole('button', { name: 'Planung: Zeile hinzufügen' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Auslegung/Belastung: Zeile hinzufügen' }).count(), 0, 'Auslegung locked');
      await pruefeBarrierefreiheit(page, 'Anlage im Bearbeitungsmodus des Betreibers');

      await page.goto(app.url(`/eAbwasser/betriebsakte/${kuehl.betriebId}/kuehlwasser/${kuehl.id}/anlagendaten?modus=s`));
      await page.getByRole('button', { name: 'Speichern' }).waitFor();
      const kuehlart = page.getByLabel(/^Kühlart/);
      assert.equal(await kuehlart.isDisabled(), true, 'Kühlart disabled');
      assert.match(await beschreibung(kuehlart), hinweis);
    });
  });
});
