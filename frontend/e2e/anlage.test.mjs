// Browser tests of plants (spec 000 §2–§8) as the spec's users: authority staff create a plant in
// the file's tree and save a historised change through the Historisierung dialog; the operator
// applies for a change that staff adopt field by field. Against the real binary with the demo
// data (see harness.mjs): the paper mill is approved and has a treatment and a cooling plant.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const kennung = () => randomBytes(3).toString('hex');
const toast = (page, text) => page.getByRole('region', { name: 'Benachrichtigungen' }).getByText(text, { exact: true });
const baum = (page) => page.getByRole('navigation', { name: 'Betriebsakte' });

/** The demo plant named bezeichnung (id and its operation's id), through the API. */
async function demoAnlage(bezeichnung) {
  const token = await app.login('zust_sbd');
  const treffer = (await app.api(`/anlage/search?query=${encodeURIComponent(bezeichnung)}`, { token })).content;
  const anlage = treffer.find((a) => a.bezeichnung === bezeichnung);
  assert.ok(anlage, `demo plant ${bezeichnung}: ${JSON.stringify(treffer)}`);
  return anlage;
}

describe('Anlagen', () => {
  it('zust_sbd creates a treatment plant in edit mode and historises its going into operation', async () => {
    const name = `Nachklärung ${kennung()}`;
    const { betriebId } = await demoAnlage('Betriebskläranlage Papierfabrik');
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/betriebsdaten?modus=l`));
      await baum(page).getByRole('link', { name: 'Betriebskläranlage Papierfabrik' }).waitFor();
      // creating needs edit mode
      await until(() => baum(page).getByRole('button', { name: 'Anlage anlegen' }).isDisabled(), true, 'Anlegen im Lesemodus gesperrt');
      await baum(page).getByText('Anlagen legen Sie im Bearbeitungsmodus an.').waitFor();
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/betriebsdaten?modus=s`));
      await baum(page).getByRole('button', { name: 'Anlage anlegen' }).click();
      await baum(page).getByRole('link', { name: 'Abwasserbehandlungsanlage' }).click();
      await page.getByRole('heading', { name: 'Neue Abwasserbehandlungsanlage' }).waitFor();
      await pruefeBarrierefreiheit(page, 'Neue Anlage');

      await page.getByLabel(/^Bezeichnung/).fill(name);
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Abwasserbehandlung' });
      await page.getByLabel(/^Hochwert/).fill('5582970,5');
      await page.getByLabel(/^Rechtswert/).fill('398150,25');
      await until(() => page.getByLabel(/^Anlagenstatus/).isDisabled(), true, 'neue Anlagen beginnen geplant');
      await page.getByRole('button', { name: 'Speichern' }).click();
      // a direct discharger needs an obligee (spec 000 §5), checked before the request
      await page.getByText('Es muss ein Abwasserbeseitigungspflichtiger ausgewählt werden', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Abwasserbeseitigungspflichtige: Zeile hinzufügen' }).click();
      await page.getByLabel('Organisation 1').selectOption({ label: 'Verbandsgemeinde Musterhausen' });
      await page.getByRole('button', { name: 'Speichern' }).click();

      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => /\/abwasserbehandlung\/\d+\/anlagendaten$/.test(u.pathname) && u.searchParams.get('modus') === 'l');
      await baum(page).getByRole('link', { name }).waitFor();
      await until(() => page.getByTestId('anlagenstatus').textContent(), 'Geplant', 'Status geplant');

      // going into operation is historised: the dialog asks for the date (today: overwrite)
      const url = new URL(page.url());
      url.searchParams.set('modus', 's');
      await page.goto(url.toString());
      await page.getByLabel(/^Anlagenstatus/).selectOption({ label: 'In Betrieb' });
      await page.getByRole('tab', { name: /Auslegungs-\/Planungsdaten/ }).click();
      await page.getByRole('button', { name: 'Auslegung/Belastung: Zeile hinzufügen' }).click();
      await page.getByLabel('Parameter 1').fill('CSB');
      await page.getByLabel('Einheit 1').fill('kg/d');
      await page.getByLabel('Auslegungsjahr 1').fill('1899');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Das Jahr muss zwischen 1900 und 2100 liegen.', { exact: true }).waitFor();
      await page.getByLabel('Auslegungsjahr 1').fill('2020');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('dialog', { name: 'Historisierung' }).getByRole('button', { name: 'Historisieren' }).click();
      const schritt2 = page.getByRole('dialog', { name: 'Historisierung' });
      await schritt2.getByLabel(/Änderungsgrund/).fill('Inbetriebnahme');
      await schritt2.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('dialog', { name: 'Historisierung' }).getByRole('button', { name: 'Überschreiben' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await until(async () => (await page.getByTestId('anlagenstatus').textContent()).startsWith('In Betrieb seit '), true, 'Status in Betrieb');

      await page.getByRole('button', { name: 'Verlauf' }).click();
      const verlauf = page.getByRole('dialog', { name: `Verlauf: ${name}` });
      await verlauf.getByRole('cell', { name: /^Anlage geändert/ }).waitFor();
      await verlauf.getByRole('cell', { name: 'Anlage angelegt', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Verlauf der Anlage (Dialog)');
    });
  });

  it('the operator applies for a change; fachadmin adopts the name only', async () => {
    const { id, betriebId } = await demoAnlage('Kühlwasserkreislauf Papiermaschine 2');
    const neu = `Kühlkreislauf PM 2 ${kennung()}`;
    const seite = `/eAbwasser/betriebsakte/${betriebId}/kuehlwasser/${id}/anlagendaten?modus=l`;
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag stellen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag stellen' });
      await dialog.getByLabel('Bezeichnung').fill(neu);
      await dialog.getByLabel('Kühlart').fill('Kreislaufkühlung');
      await dialog.getByLabel('Kommentar').fill('Umbau 2026');
      await dialog.getByRole('button', { name: 'Einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
      await page.getByText('Ihr Änderungsantrag wird von der Behörde geprüft.').waitFor();
    });
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag prüfen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
      await dialog.getByText('Kommentar: Umbau 2026').waitFor();
      await pruefeBarrierefreiheit(page, 'Änderungsantrag prüfen (Dialog)');
      await dialog.getByRole('checkbox', { name: 'Bezeichnung übernehmen' }).check();
      await dialog.getByRole('button', { name: 'Ausgewählte übernehmen' }).click();
      await toast(page, 'Daten wurden übernommen und der Antrag gelöscht').waitFor();
      await until(() => page.getByLabel(/^Bezeichnung/).inputValue(), neu, 'Bezeichnung übernommen');
      await until(() => page.getByLabel(/^Kühlart/).inputValue(), 'Durchlaufkühlung', 'Kühlart nicht übernommen');
      await baum(page).getByRole('link', { name: neu }).waitFor();
    });
  });
});
