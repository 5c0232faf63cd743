// Browser tests of measuring points (spec 000 §2–§8, issue 29) as the spec's users: zust_sbd
// requests a measuring point below a plant with the number the server suggests ('Freigabe
// anfordern' and the number dialog), fachadmin approves it from the Aufgaben view in one click
// (four eyes: the requester never decides his own request); an Einleitstelle gets its water body
// and sub-catchment from its coordinates (the shipped sample layers around Koblenz); axe finds no
// serious or critical violation on any tab of a discharge point, nor on its files and reminders. Against the real binary with the
// demo data (see harness.mjs): the paper mill (INDUSTRIE, approved) has the treatment plant
// 'Betriebskläranlage Papierfabrik' with the discharge point 'Einleitungsstelle Rhein'.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aufgabenLink, baum, demoAnlage, kennung, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const KLAERANLAGE = 'Betriebskläranlage Papierfabrik';

/** The text the Einleitstelle stores for a spatial lookup's answer (the feature's gebietText). */
const gebiet = (g) => (g ? `${g.bezeichnung} (${g.kennung})` : '');

describe('Messstellen', () => {
  it('zust_sbd requests a measuring point with the suggested number, fachadmin approves it from the Aufgaben view', async () => {
    const name = `Endkontrolle Ablauf ${kennung()}`;
    const anlage = await demoAnlage(app, KLAERANLAGE, { warten: true });
    const basis = `/eAbwasser/betriebsakte/${anlage.betriebId}/abwasserbehandlung/${anlage.id}`;
    let nummer;

    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      // the plant in the file's tree: its measuring points with their count, creating in edit mode
      await page.goto(app.url(`${basis}/anlagendaten?modus=s`));
      await until(() => baum(page).getByTestId('messstellen-anzahl').textContent(), (t) => /^Messstellen \(\d+\)$/.test(t ?? ''), 'Messstellen gezählt');
      await baum(page).getByRole('link', { name: 'Messstelle anlegen' }).click();
      await page.getByRole('heading', { name: 'Neue Messstelle', level: 1 }).waitFor();
      await page.getByLabel(/^Bezeichnung/).fill(name);
      await page.getByLabel(/^Messstellentyp/).selectOption({ label: 'Endkontrollmessstelle' });
      await page.getByLabel(/^Rechtswert/).fill('399100');
      await page.getByLabel(/^Hochwert/).fill('5581900');
      // an Endkontrollmessstelle has the first tab only
      await until(() => page.getByRole('tab').count(), 1, 'nur der Reiter Messstelle');
      await pruefeBarrierefreiheit(page, 'Neue Messstelle');

      await page.getByRole('button', { name: 'Freigabe anfordern' }).click();
      const dialog = page.getByRole('dialog', { name: 'Freigabe anfordern' });
      await dialog.waitFor();
      const feld = dialog.getByLabel(/^Messstellen-Nr\./);
      // the number the server suggests for the location (Koblenz: prefix 111000) and the type
      await until(() => feld.inputValue(), (v) => /^\d{10}$/.test(v), 'Nummer vorgeschlagen');
      await dialog.getByText('Zahlen 0 – 9, als Trennzeichen nur „-“ zulässig').waitFor();
      await until(() => dialog.getByTestId('nummer-status').textContent(), 'Die Messstellennummer ist verfügbar.', 'Nummer geprüft');
      nummer = await feld.inputValue();
      assert.match(nummer, /^111000\d{4}$/, 'das Präfix folgt aus der Gemeinde der Lage');
      await pruefeBarrierefreiheit(page, 'Freigabe anfordern (Dialog)');
      // a number too short is said and cannot be saved
      await feld.fill('1110');
      await until(() => dialog.getByTestId('nummer-status').textContent(), 'Die Messstellennummer ist zu kurz.', 'zu kurz');
      assert.equal(await dialog.getByRole('button', { name: 'Speichern' }).isDisabled(), true);
      await feld.fill(nummer);
      await until(() => dialog.getByTestId('nummer-status').textContent(), 'Die Messstellennummer ist verfügbar.', 'wieder verfügbar');
      await dialog.getByRole('button', { name: 'Speichern' }).click();

      await toast(page, 'Die Messstelle wurde erfolgreich angelegt.').waitFor();
      await page.waitForURL((u) => /\/messstellen\/\d+\/messstellendaten$/.test(u.pathname) && u.searchParams.get('modus') === 'l');
      await until(() => page.getByTestId('messstellen-id').textContent(), nummer, 'die Nummer der neuen Messstelle');
      await page.getByTestId('freigabe').getByText('Beantragt', { exact: true }).waitFor();
      // the requester does not decide his own request
      assert.equal(await page.getByRole('button', { name: 'Freigabe bearbeiten' }).count(), 0);
      await baum(page).getByRole('link', { name }).waitFor();
      // taken now
      const token = await app.login('zust_sbd');
      assert.equal((await app.api(`/messstelle/check-id?id=${nummer}`, { token })).verfuegbar, false);
    });

    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await aufgabenLink(page).click();
      await page.getByRole('heading', { name: 'Aufgaben', level: 1 }).waitFor();
      // one click from the decision
      const link = page.getByRole('table', { name: 'Aufgaben' }).getByRole('link', { name: `Freigabe bearbeiten: Messstelle ${name}` });
      await link.click();
      await page.waitForURL((u) => /\/abwasserbehandlung\/\d+\/messstellen\/\d+\/messstellendaten$/.test(u.pathname));
      const dialog = page.getByRole('dialog', { name: 'Freigabe bearbeiten' });
      await dialog.waitFor();
      await pruefeBarrierefreiheit(page, 'Freigabe der Messstelle (Dialog)');
      await dialog.getByLabel('Kommentar').fill('Lage und Typ geprüft.');
      await dialog.getByRole('button', { name: 'Freigeben' }).click();
      await toast(page, 'Die Messstelle wurde erfolgreich freigegeben.').waitFor();
      await page.getByTestId('freigabe').getByText('Freigegeben', { exact: true }).waitFor();
      await until(() => page.getByTestId('messstellen-id').textContent(), nummer, 'dieselbe Messstelle');
    });
  });

  it('an Einleitstelle gets its water body from its coordinates; axe finds nothing serious on any tab', async () => {
    const anlage = await demoAnlage(app, KLAERANLAGE, { warten: true });
    const token = await app.login('zust_sbd');
    const punkte = await app.api(`/messstelle/uebersicht/${anlage.id}`, { token });
    const einleitung = punkte.find((p) => p.messstellentyp === 'NR_8');
    assert.ok(einleitung, `a demo discharge point at the paper mill: ${JSON.stringify(punkte)}`);
    const seite = `/eAbwasser/betriebsakte/${anlage.betriebId}/abwasserbehandlung/${anlage.id}/messstellen/${einleitung.id}/messstellendaten`;
    // a point at the Lahn's mouth (the shipped sample around Koblenz), and one outside every layer
    const lahn = { rechtswert: 404000, hochwert: 5575000 };
    const wk = await app.api(`/wasserkoerper?hochwert=${lahn.hochwert}&rechtswert=${lahn.rechtswert}`, { token });
    const eg = await app.api(`/einzugsgebiet?hochwert=${lahn.hochwert}&rechtswert=${lahn.rechtswert}`, { token });
    assert.ok(wk && eg, 'the sample has a water body and a sub-catchment at the Lahn');

    await withPage({ token }, async (page) => {
      // every tab of a discharge point of an industrial operation, read and edit mode
      for (const modus of ['l', 's']) {
        await page.goto(app.url(`${seite}?modus=${modus}`));
        await page.getByRole('heading', { name: 'Messstellendaten', level: 1 }).waitFor();
        for (const reiter of ['Messstelle', 'Einleitstelle', 'Mindestanforderungen', 'Vorbelastungen']) {
          await page.getByRole('tab', { name: reiter }).click();
          await until(() => page.getByRole('tab', { name: reiter }).getAttribute('aria-selected'), 'true', `Reiter ${reiter}`);
          await pruefeBarrierefreiheit(page, `Messstelle (${modus}): ${reiter}`);
        }
      }

      await page.getByRole('tab', { name: 'Einleitstelle' }).click();
      const wasserkoerper = page.getByLabel('Oberflächenwasserkörper');
      const teileinzugsgebiet = page.getByLabel('Teileinzugsgebiet');
      await page.getByLabel('Rechtswert').fill(String(lahn.rechtswert));
      await page.getByLabel('Hochwert').fill(String(lahn.hochwert));
      await until(() => wasserkoerper.inputValue(), gebiet(wk), 'Wasserkörper aus den Koordinaten');
      await until(() => teileinzugsgebiet.inputValue(), gebiet(eg), 'Teileinzugsgebiet aus den Koordinaten');

      // outside every layer: empty, and the hint says why
      await page.getByLabel('Rechtswert').fill('300000');
      await page.getByLabel('Hochwert').fill('5500000');
      await until(() => wasserkoerper.inputValue(), '', 'kein Wasserkörper');
      await page.getByText('Die Einleitstelle liegt in keinem Oberflächenwasserkörper.').waitFor();
      await page.getByText('Die Einleitstelle liegt in keinem Teileinzugsgebiet.').waitFor();

      // back at the Lahn, saved
      await page.getByLabel('Rechtswert').fill(String(lahn.rechtswert));
      await page.getByLabel('Hochwert').fill(String(lahn.hochwert));
      await until(() => wasserkoerper.inputValue(), gebiet(wk), 'Wasserkörper wieder ermittelt');
      await pruefeBarrierefreiheit(page, 'Messstelle: Einleitstelle nach der Ermittlung');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Die Messstelle wurde erfolgreich gespeichert.').waitFor();
      await until(() => new URL(page.url()).searchParams.get('modus'), 'l', 'zurück im Lesemodus');

      // the point's files and reminders, from the file's tree (kind MESSSTELLE)
      const ablage = baum(page).getByRole('list', { name: `${einleitung.bezeichnung}: Ablage` });
      await ablage.getByRole('link', { name: 'Dateien' }).click();
      await page.getByRole('heading', { name: `Dateien: ${einleitung.bezeichnung}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Datei hochladen' }).waitFor();
      await pruefeBarrierefreiheit(page, 'Messstelle: Dateien');
      await ablage.getByRole('link', { name: 'Wiedervorlagen' }).click();
      await page.getByRole('heading', { name: `Wiedervorlagen: ${einleitung.bezeichnung}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Wiedervorlage anlegen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
      await dialog.getByLabel(/^Betreff/).fill('Einleitstelle vor Ort prüfen');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Die Wiedervorlage wurde erfolgreich angelegt.').waitFor();
      await page.getByText('Einleitstelle vor Ort prüfen').waitFor();
      await pruefeBarrierefreiheit(page, 'Messstelle: Wiedervorlagen');
    });
    const gespeichert = await app.api(`/messstelle/${einleitung.id}`, { token });
    assert.equal(gespeichert.einleitstelle.oberflaechenwasserkoerper, gebiet(wk));
    assert.equal(gespeichert.einleitstelle.teileinzugsgebiet, gebiet(eg));
    assert.deepEqual(gespeichert.einleitstelle.lage, lahn);
  });
});
