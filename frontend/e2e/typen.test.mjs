// Browser tests of issue 28, items 7 and 8: the plant form follows the plant's type (its
// Anlagenarten, its sections, the obligees of the operation, value-list fields as selects, the
// change request of the type) and an empty search explains that matches exist outside the
// chosen filters. As the spec's users against the real binary with the demo data (harness.mjs):
// the paper mill (operator Klärwerk Rheinaue GmbH, the betreiber's organisation) is approved and
// has a treatment and a cooling plant in operation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baum, demoAnlage, kennung, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const KUEHLWASSER = 'Kühlwasserkreislauf Papiermaschine 2';

/** The labels of a select's options, without the prompt. */
const optionen = (select) =>
  select.evaluate((s) => [...s.options].filter((o) => o.value !== '').map((o) => o.textContent.trim()));

describe('Typen: the form follows the plant type', () => {
  it('zust_sbd creates a cooling plant: its Anlagenarten, no treatment-only sections, the operator as obligee, value lists as selects', async () => {
    const { betriebId } = await demoAnlage(app, KUEHLWASSER);
    const name = `Kühlturm ${kennung()}`;
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/betriebsdaten?modus=s`));
      await baum(page).getByRole('button', { name: 'Anlage anlegen' }).click();
      await baum(page).getByRole('link', { name: 'Kühlwasseranlage' }).click();
      await page.getByRole('heading', { name: 'Neue Kühlwasseranlage' }).waitFor();

      // the kinds of a cooling plant only (anlage.Typtabelle), never Mischwasser
      assert.deepEqual(await optionen(page.getByLabel(/^Anlagenart/)), ['Abwasserbehandlung', 'Abwasservorbehandlung']);
      // the cooling section, and none of a treatment plant's
      await page.getByRole('group', { name: 'Kühlwasser' }).waitFor();
      for (const feld of [/^Anlagensystem/, /^DWA-Nr\./, /^StaLa-Nr\./]) {
        assert.equal(await page.getByLabel(feld).count(), 0, `${feld} is no field of a cooling plant`);
      }
      assert.equal(await page.getByRole('group', { name: 'Entlastungsanlage' }).count(), 0);

      // the obligee picker offers the operation's operator (the server accepts him)
      await page.getByRole('button', { name: 'Abwasserbeseitigungspflichtige: Zeile hinzufügen' }).click();
      const organisationen = await optionen(page.getByLabel('Organisation 1'));
      assert.ok(organisationen.includes('Klärwerk Rheinaue GmbH'), `operator offered: ${organisationen}`);
      await page.getByLabel('Organisation 1').selectOption({ label: 'Klärwerk Rheinaue GmbH' });

      await page.getByLabel(/^Bezeichnung/).fill(name);
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Abwasserbehandlung' });
      await page.getByLabel(/^Hochwert/).fill('5582995,5');
      await page.getByLabel(/^Rechtswert/).fill('398175,25');
      await page.getByLabel(/^Kühlart/).selectOption('Kreislaufkühlung');

      // Auslegung, Planung Status and Anlagenteil Kategorie/Bezeichnung come from their value lists
      await page.getByRole('tab', { name: /Auslegungs-\/Planungsdaten/ }).click();
      await page.getByRole('button', { name: 'Auslegung/Belastung: Zeile hinzufügen' }).click();
      assert.equal(await page.getByLabel('Parameter 1').evaluate((e) => e.tagName), 'SELECT');
      await page.getByLabel('Parameter 1').selectOption('Temperatur');
      await page.getByLabel('Einheit 1').selectOption('°C');
      await page.getByRole('button', { name: 'Planung: Zeile hinzufügen' }).click();
      assert.equal(await page.getByLabel('Status 1').evaluate((e) => e.tagName), 'SELECT');
      assert.ok((await optionen(page.getByLabel('Status 1'))).includes('in Umsetzung'));
      await page.getByLabel('Status 1').selectOption('in Umsetzung');
      await page.getByRole('tab', { name: /Anlagenteile/ }).click();
      await page.getByRole('button', { name: 'Anlagenteile: Zeile hinzufügen' }).click();
      assert.equal(await page.getByLabel('Kategorie 1').evaluate((e) => e.tagName), 'SELECT');
      await page.getByLabel('Kategorie 1').selectOption('Pumpwerk');
      // the Bezeichnungen of the chosen Kategorie
      const bezeichnungen = await optionen(page.getByLabel('Bezeichnung 1'));
      assert.ok(bezeichnungen.includes('Zulaufpumpwerk') && !bezeichnungen.includes('Belebungsbecken'), `${bezeichnungen}`);
      await page.getByLabel('Bezeichnung 1').selectOption('Zulaufpumpwerk');
      await pruefeBarrierefreiheit(page, 'Neue Kühlwasseranlage');

      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => /\/kuehlwasser\/\d+\/anlagendaten$/.test(u.pathname));
      await baum(page).getByRole('link', { name }).waitFor();
    });
  });

  it('the server refuses an Anlagenart the type does not have, and a value outside its list', async () => {
    const { betriebId } = await demoAnlage(app, KUEHLWASSER);
    const token = await app.login('zust_sbd');
    const antwort = await fetch(app.url('/api/anlage/kuehlwasser'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        betrieb: { id: betriebId },
        bezeichnung: `Kühlung ${kennung()}`,
        anlagenart: 'MISCHWASSER',
        lage: { hochwert: 5582995.5, rechtswert: 398175.25 },
        abwasserbeseitigungspflichtige: [],
        indirekteinleiter: false,
      }),
    });
    const body = await antwort.json();
    assert.equal(antwort.status, 400);
    assert.equal(body.validationErrors?.anlagenart, 'Diese Anlagenart gibt es für den Anlagentyp nicht.', JSON.stringify(body));
  });

  it('betreiber requests a change of the cooling plant: Kühlart is a selection, Förderungen can be requested', async () => {
    const { id, betriebId } = await demoAnlage(app, KUEHLWASSER);
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/kuehlwasser/${id}/anlagendaten?modus=l`));
      await page.getByRole('button', { name: 'Änderungsantrag stellen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag stellen' });
      const kuehlart = dialog.getByLabel(/^Kühlart/);
      assert.equal(await kuehlart.evaluate((e) => e.tagName), 'SELECT');
      await kuehlart.selectOption('Kreislaufkühlung');
      await dialog.getByRole('button', { name: 'Förderung hinzufügen' }).click();
      const auswahl = page.getByRole('dialog', { name: 'Förderung auswählen' });
      await auswahl.getByLabel(/^Förderung \(MIP\)/).selectOption({ index: 1 });
      const mip = await auswahl.getByLabel(/^Förderung \(MIP\)/).inputValue();
      await auswahl.getByRole('button', { name: 'Übernehmen' }).click();
      await dialog.getByRole('cell', { name: mip, exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Änderungsantrag stellen (Kühlwasser)');
      await dialog.getByRole('button', { name: 'Einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
    });
    const { aenderungsantrag: antrag } = await app.api(`/anlage/${id}/aenderungsantrag`, { token: await app.login('zust_sbd') });
    assert.equal(antrag.kuehlart, 'Kreislaufkühlung');
    assert.equal(antrag.foerderungen?.length, 1, JSON.stringify(antrag));
  });
});

describe('Typen: an empty search explains itself', () => {
  it("'Kühl' on the Anlagen tab says that matches exist outside the filter; 'Filter aufheben' shows the cooling plant", async () => {
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      const tabelle = page.getByRole('table', { name: 'Anlagen' });
      const filter = page.getByRole('search', { name: 'Anlagen suchen' });
      await tabelle.getByRole('row').nth(1).waitFor();
      await filter.getByLabel('Suche').fill('Kühl');
      await filter.getByRole('button', { name: 'Suchen' }).click();
      await tabelle.getByText(/Es gibt \d+ Treffer außerhalb der gewählten Filter\./).waitFor();
      await pruefeBarrierefreiheit(page, 'Leere Suche mit Treffern außerhalb der Filter');
      await tabelle.getByRole('button', { name: 'Filter aufheben' }).click();
      await tabelle.getByRole('link', { name: KUEHLWASSER, exact: true }).waitFor();
      // the search text stays, the filters are gone
      await until(() => filter.getByLabel('Suche').inputValue(), 'Kühl', 'Suchtext bleibt');
      await until(
        () => filter.getByRole('group', { name: 'Anlagentyp' }).getByRole('checkbox', { name: 'Abwasserbehandlung' }).isChecked(),
        false,
        'Anlagentyp-Filter aufgehoben',
      );
    });
  });
});
