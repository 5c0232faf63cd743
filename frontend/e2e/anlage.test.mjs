// Browser tests of plants (spec 000 §2–§8) as the spec's users: authority staff create a
// treatment plant (an Auslegung führend) and a relief plant in the file's tree and save a
// historised change through the Historisierung dialog; the operator applies for a change that
// staff adopt field by field; an auditor replays a plant in its Verlauf and its Historie; an
// administrator keeps a municipal plant's Entsorgungsraum and Zuständigkeiten. Against the real
// binary with the demo data (see harness.mjs): the paper mill is approved and has a treatment
// and a cooling plant; the municipal Musterhausen sewage works has a disposal area.
import { describe, it } from 'node:test';
import { baum, demoAnlage, kennung, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

describe('Anlagen', () => {
  it('zust_sbd creates a treatment plant in edit mode and historises its going into operation', async () => {
    const name = `Nachklärung ${kennung()}`;
    const { betriebId } = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
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
      await page.getByLabel('Parameter 1').selectOption('CSB');
      await page.getByLabel('Einheit 1').selectOption('kg/d');
      await page.getByLabel('Auslegungsjahr 1').fill('1899');
      await page.getByLabel('Führend 1').check();
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

      await page.getByRole('tab', { name: /Auslegungs-\/Planungsdaten/ }).click();
      await until(() => page.getByLabel('Führend 1').isChecked(), true, 'Auslegung führend gespeichert');
      await until(() => page.getByLabel('Führend 1').isDisabled(), true, 'im Lesemodus gesperrt');

      await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
      await page.getByRole('heading', { name: `Verlauf: ${name}` }).waitFor();
      await page.getByRole('cell', { name: /^Anlage geändert/ }).waitFor();
      await page.getByRole('cell', { name: 'Anlage angelegt', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Verlauf der Anlage');

      // a relief plant discharges into the new treatment plant; its Wasserbuchnummer is S or N and digits
      const rueb = `RÜB ${kennung()}`;
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/betriebsdaten?modus=s`));
      await baum(page).getByRole('button', { name: 'Anlage anlegen' }).click();
      await baum(page).getByRole('link', { name: 'Entlastungsanlage' }).click();
      await page.getByRole('heading', { name: 'Neue Entlastungsanlage' }).waitFor();
      await until(() => page.getByLabel('Indirekteinleiter').isChecked(), true, 'Entlastungsanlagen leiten indirekt ein');
      await page.getByLabel(/^Bezeichnung/).fill(rueb);
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Mischwasser' });
      await page.getByRole('button', { name: 'Aufnehmende Anlage auswählen' }).click();
      const auswahl = page.getByRole('dialog', { name: 'Aufnehmende Anlage auswählen' });
      await auswahl.getByLabel('Suche (Anlage, Betrieb oder Betreiber)').fill(name);
      await auswahl.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
      await auswahl.getByRole('button', { name: 'Übernehmen' }).click();
      await until(() => page.getByRole('textbox', { name: /^Aufnehmende Anlage/ }).inputValue(), new RegExp(`^${name}`), 'aufnehmende Anlage gewählt');
      await page.getByLabel(/^Hochwert/).fill('5582980,5');
      await page.getByLabel(/^Rechtswert/).fill('398160,25');
      await page.getByLabel(/^Entlastungssystem/).selectOption({ index: 1 });
      await page.getByLabel(/^Entlastungstyp/).selectOption({ index: 1 });
      await page.getByLabel(/^Wasserbuchnummer/).fill('X4711');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Wasserbuchnummer ungültig', { exact: true }).waitFor();
      await page.getByLabel(/^Wasserbuchnummer/).fill('S4711');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await page.waitForURL((u) => /\/entlastung\/\d+\/anlagendaten$/.test(u.pathname) && u.searchParams.get('modus') === 'l');
      await until(() => page.getByLabel(/^Wasserbuchnummer/).inputValue(), 'S4711', 'Wasserbuchnummer gespeichert');
      await baum(page).getByRole('link', { name: rueb }).waitFor();
      // the treatment plant now counts an indirect discharger in the tree
      await baum(page).getByRole('link', { name, exact: true }).click();
      await baum(page).getByRole('link', { name: 'Indirekteinleiter (1)' }).click();
      await page.getByRole('link', { name: rueb }).waitFor();
      await until(() => baum(page).getByTestId('messstellen-anzahl').textContent(), 'Messstellen (0)', 'Messstellen gezählt');

      // a sewer network below the treatment plant discharges into it by default
      const url2 = new URL(page.url());
      url2.searchParams.set('modus', 's');
      await page.goto(url2.toString());
      await baum(page).getByRole('list', { name: `${name}: Kanalnetze` }).getByRole('link', { name: 'Kanalnetz anlegen' }).click();
      await page.getByRole('heading', { name: 'Neues Kanalnetz' }).waitFor();
      await until(() => page.getByRole('textbox', { name: /^Aufnehmende Anlage/ }).inputValue(), name, 'aufnehmende Anlage vorbelegt');
      const kanal = `Kanalnetz ${kennung()}`;
      await page.getByLabel(/^Bezeichnung/).fill(kanal);
      await page.getByLabel(/^Anlagenart/).selectOption({ label: 'Mischwasser' });
      await page.getByLabel(/^Hochwert/).fill('5582990,5');
      await page.getByLabel(/^Rechtswert/).fill('398170,25');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      await baum(page).getByRole('list', { name: `${name}: Kanalnetze` }).getByRole('link', { name: kanal }).waitFor();
    });
  });

  it('the operator applies for a change; fachadmin adopts the name only', async () => {
    const { id, betriebId } = await demoAnlage(app, 'Kühlwasserkreislauf Papiermaschine 2');
    const neu = `Kühlkreislauf PM 2 ${kennung()}`;
    const seite = `/eAbwasser/betriebsakte/${betriebId}/kuehlwasser/${id}/anlagendaten?modus=l`;
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag stellen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag stellen' });
      await dialog.getByLabel('Bezeichnung').fill(neu);
      await dialog.getByLabel('Kühlart').selectOption('Kreislaufkühlung');
      await dialog.getByLabel('Kommentar').fill('Umbau 2026');
      await dialog.getByRole('button', { name: 'Einreichen' }).click();
      await toast(page, 'Änderungsantrag erfolgreich eingereicht.').waitFor();
      await page.getByText('Ihr Änderungsantrag wird von der Behörde geprüft.').waitFor();
    });
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag prüfen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
      await dialog.getByText('Umbau 2026', { exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Änderungsantrag prüfen (Dialog)');
      await dialog.getByRole('checkbox', { name: 'Bezeichnung übernehmen' }).check();
      await dialog.getByRole('textbox', { name: 'Begründung zu Kühlart' }).fill('Die Kreislaufkühlung ist noch nicht abgenommen.');
      await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      await toast(page, 'Daten wurden übernommen und der Antrag gelöscht').waitFor();
      await until(() => page.getByLabel(/^Bezeichnung/).inputValue(), neu, 'Bezeichnung übernommen');
      await until(() => page.getByLabel(/^Kühlart/).inputValue(), 'Durchlaufkühlung', 'Kühlart nicht übernommen');
      await baum(page).getByRole('link', { name: neu }).waitFor();
    });
  });

  it('an auditor replays a plant: a Stand of its Verlauf and an older version of its Historie', async () => {
    const { id, betriebId } = await demoAnlage(app, 'Betriebskläranlage Papierfabrik');
    const seite = `/eAbwasser/betriebsakte/${betriebId}/abwasserbehandlung/${id}/anlagendaten?modus=l`;
    await withPage({ token: await app.login('leser_behoerde') }, async (page) => {
      await page.goto(app.url(seite));
      await until(() => page.getByTestId('anlagenstatus').textContent(), /^In Betrieb/, 'aktuell in Betrieb');
      await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
      await page.getByRole('heading', { name: 'Verlauf: Betriebskläranlage Papierfabrik' }).waitFor();
      // the plant as it was created: still planned
      const angelegt = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Anlage angelegt', exact: true }) });
      await angelegt.getByRole('button', { name: /^Stand anzeigen \(vom .*\)$/ }).click();
      await page.getByRole('heading', { name: 'Verlauf: Stand' }).waitFor();
      await page.getByRole('region', { name: 'Historischer Datensatz' }).getByText('Die Daten dieses Stands sind nicht bearbeitbar.').waitFor();
      await until(() => page.getByLabel(/^Anlagenstatus/).inputValue(), 'GEPLANT', 'Stand: geplant');
      await until(() => page.getByLabel(/^Bezeichnung/).isDisabled(), true, 'Stand nur lesbar');
      await page.getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }).click();
      await until(() => page.getByTestId('anlagenstatus').textContent(), /^In Betrieb/, 'zurück beim aktuellen Datensatz');

      // the Historie popup: the older version read-only, then back
      await page.getByRole('button', { name: 'Historie' }).click();
      const historie = page.getByRole('dialog', { name: 'Historie: Betriebskläranlage Papierfabrik' });
      // newest first: the demo's three versions (created, in operation, the design change of
      // 2021); the last row is the first version
      await until(() => historie.getByRole('button', { name: /^Version gültig ab .* anzeigen$/ }).count(), 3, 'drei Versionen');
      await historie.getByRole('button', { name: /^Version gültig ab .* anzeigen$/ }).last().click();
      await page.getByText(/^Historische Version: gültig ab /).waitFor();
      await until(() => page.getByLabel(/^Anlagenstatus/).inputValue(), 'GEPLANT', 'ältere Version: geplant');
      await page.getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }).click();
      await until(() => page.getByLabel(/^Anlagenstatus/).inputValue(), 'IN_BETRIEB', 'zurück: in Betrieb');
    });
  });

  it('fachadmin adds an administrative unit to the Entsorgungsraum and a responsible person, and saves', async () => {
    const { id, betriebId } = await demoAnlage(app, 'Kläranlage Musterhausen', { wer: 'fachadmin' });
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${betriebId}/abwasserbehandlung/${id}/anlagendaten?modus=s`));
      await page.getByRole('tab', { name: /Entsorgungsraum/ }).click();
      await page.getByRole('cell', { name: 'Koblenz', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Verwaltungseinheit hinzufügen' }).click();
      const einheit = page.getByRole('dialog', { name: 'Verwaltungseinheit hinzufügen' });
      await einheit.getByRole('combobox', { name: /^Verwaltungseinheit/ }).selectOption({ label: 'Trier (07211000)' });
      await einheit.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByRole('cell', { name: 'Trier', exact: true }).waitFor();

      await page.getByRole('tab', { name: /Zuständigkeiten/ }).click();
      // a contact needs a valid phone number (digits and hyphens)
      await page.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
      const kontakt = page.getByRole('dialog', { name: 'Kontakt hinzufügen' });
      await kontakt.getByLabel(/^Anrede/).selectOption({ label: 'Frau' });
      await kontakt.getByLabel(/^Vorname/).fill('Ina');
      await kontakt.getByLabel(/^Name/).fill('Klar');
      await kontakt.getByLabel(/^E-Mail/).fill('ina.klar@musterhausen.example');
      await kontakt.getByLabel(/^Telefon/).fill('06541/123');
      await kontakt.getByRole('button', { name: 'Übernehmen' }).click();
      await kontakt.getByText('Nur Ziffern und als Trennzeichen „-“ sind zulässig.').waitFor();
      await kontakt.getByLabel(/^Telefon/).fill('06541-123');
      await kontakt.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByRole('cell', { name: 'Ina Klar', exact: true }).waitFor();
      // a person needs at least one Zuständigkeit
      await page.getByRole('button', { name: 'Zuständige Person hinzufügen' }).click();
      const person = page.getByRole('dialog', { name: 'Zuständige Person hinzufügen' });
      await person.getByRole('combobox', { name: /^Person/ }).selectOption({ index: 1 });
      await person.getByRole('button', { name: 'Übernehmen' }).click();
      await person.getByText('Es muss mindestens eine Zuständigkeit ausgewählt werden.').waitFor();
      await person.getByRole('checkbox', { name: 'Betriebsleitung' }).check();
      await person.getByRole('button', { name: 'Übernehmen' }).click();
      await page.getByRole('cell', { name: 'Petra Zimmermann', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Anlage erfolgreich gespeichert').waitFor();
      // back in read mode with what was saved
      await page.waitForURL((u) => u.searchParams.get('modus') === 'l');
      // the saved plant opens again on its first tab
      const zeigt = (reiter, zelle) => async () => {
        await page.getByRole('tab', { name: reiter }).click();
        return page.getByRole('cell', { name: zelle, exact: true }).isVisible();
      };
      await until(zeigt(/Zuständigkeiten/, 'Petra Zimmermann'), true, 'Person gespeichert');
      await until(() => page.getByRole('button', { name: 'Zuständige Person hinzufügen' }).count(), 0, 'Lesemodus ohne Aktionen');
      await until(zeigt(/Entsorgungsraum/, 'Trier'), true, 'Verwaltungseinheit gespeichert');
      await until(() => page.getByLabel(/^Bezugsparameter/).isDisabled(), true, 'Lesemodus gesperrt');
    });
  });
});
