// Browser tests of the start page (spec 002 §2 Start page, Messages, Reminders tab,
// Personalisation) as the spec's users: authority staff work with the operations worklist
// (default filter, reset, search, export of the selection and of the query), an operator of
// another organisation sees only his own operation, staff read and delete a message while the
// header's count follows, an operator finds the reminder he set in the Wiedervorlagen tab and
// deletes it, and saves his personalisation. Against the real binary with the demo data.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { inhalt, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const PAPIERFABRIK = 'Papierfabrik Rheinaue – Werk Koblenz';
const BRAUEREI = 'Brauerei am Deutschen Eck';
const GALVANIK = 'Galvanik Moselweiß';
const MUSTERHAUSEN = 'Kläranlage Musterhausen';

const tabelle = (page) => page.getByRole('table', { name: 'Betriebe' });
const filter = (page) => page.getByRole('search', { name: 'Betriebe suchen' });
const statusInBetrieb = (page) => filter(page).getByRole('group', { name: 'Betriebsstatus' }).getByRole('checkbox', { name: 'in Betrieb' });
/** The names of the operations the worklist shows (the links of its rows). */
const namen = async (page) => (await tabelle(page).getByRole('row').getByRole('link', { name: /^(?!Bearbeiten )/ }).allTextContents()).sort();

/** Waits until the worklist shows exactly these operations (it is a read model: it may lag). */
async function zeigt(page, erwartet) {
  await until(() => namen(page), [...erwartet].sort(), 'Arbeitsliste zeigt genau diese Betriebe', { timeout: 15_000, interval: 200 });
}

async function exportiere(page) {
  const [download, anfrage] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/betrieb/export'),
    page.getByRole('button', { name: 'Exportieren' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'betriebe.xlsx');
  const bytes = await inhalt(download);
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'the export is an xlsx (zip) file');
  return { anfrage, url: new URL(anfrage.url()), bytes };
}

describe('Startseite: Betriebe worklist', () => {
  it('zust_sbd starts with "in Betrieb", resets, searches, and exports the query and the selection', async () => {
    const token = await app.login('zust_sbd');
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      const tabs = page.getByRole('tablist', { name: 'Arbeitslisten' });
      await until(() => tabs.getByRole('tab').allTextContents(), ['Anlagen', 'Messstellen', 'Betriebe', 'Jahresberichte', 'Überschreitungen', 'Nachrichten', 'Wiedervorlagen'], 'Reiter der Arbeitslisten');
      // the spec's default tab: plants in operation of type wastewater treatment
      await tabs.getByRole('tab', { name: 'Anlagen', selected: true }).waitFor();
      const anlagen = page.getByRole('table', { name: 'Anlagen' });
      await anlagen.getByRole('link', { name: 'Betriebskläranlage Papierfabrik', exact: true }).waitFor();
      await pruefeBarrierefreiheit(page, 'Startseite: Anlagen');
      await until(() => anlagen.getByRole('link', { name: 'Kühlwasserkreislauf Papiermaschine 2' }).count(), 0, 'nur Abwasserbehandlung in der Vorgabe');
      await tabs.getByRole('tab', { name: 'Betriebe' }).click();
      await tabs.getByRole('tab', { name: 'Betriebe', selected: true }).waitFor();

      // default filter: in operation (the requested and the rejected one are only planned)
      await until(() => statusInBetrieb(page).isChecked(), true, 'Vorgabe „in Betrieb“ angehakt');
      await tabelle(page).getByRole('row').nth(1).waitFor();
      await pruefeBarrierefreiheit(page, 'Startseite: Betriebe');
      await zeigt(page, [PAPIERFABRIK]);
      await until(() => page.getByLabel('Ergebnisse pro Seite:').inputValue(), '50', 'Ergebnisse pro Seite');
      // staff may edit: the row has an edit link into the edit mode
      await until(
        () => tabelle(page).getByRole('link', { name: `Bearbeiten ${PAPIERFABRIK}` }).getAttribute('href'),
        /\/betriebsakte\/\d+\/betriebsdaten\?modus=s$/,
        'Bearbeiten-Link führt in den Bearbeitungsmodus',
      );

      // every status, then a search
      await statusInBetrieb(page).uncheck();
      await filter(page).getByRole('button', { name: 'Suchen' }).click();
      await zeigt(page, [BRAUEREI, GALVANIK, PAPIERFABRIK]);
      await filter(page).getByLabel('Suche').fill('brauerei');
      await filter(page).getByRole('button', { name: 'Suchen' }).click();
      await zeigt(page, [BRAUEREI]);
      await until(() => page.getByTestId('range-label').textContent(), '1-1 von 1', 'Bereichsangabe nach der Suche');

      // reset: the default again
      await filter(page).getByRole('button', { name: 'Zurücksetzen' }).click();
      await zeigt(page, [PAPIERFABRIK]);
      await until(() => filter(page).getByLabel('Suche').inputValue(), '', 'Suchfeld zurückgesetzt');
      await until(() => statusInBetrieb(page).isChecked(), true, 'Vorgabe „in Betrieb“ wieder angehakt');

      // sorted on the server by a column header
      await statusInBetrieb(page).uncheck();
      await filter(page).getByRole('button', { name: 'Suchen' }).click();
      await zeigt(page, [BRAUEREI, GALVANIK, PAPIERFABRIK]);
      await tabelle(page).getByRole('button', { name: /^Bezeichnung/ }).click();
      await tabelle(page).getByRole('columnheader', { name: /^Bezeichnung/ }).and(page.locator('[aria-sort="descending"]')).waitFor();
      await tabelle(page).getByRole('row').nth(1).filter({ hasText: PAPIERFABRIK }).waitFor();

      // export without a selection: the query of the list, no body
      const ohne = await exportiere(page);
      assert.equal(ohne.anfrage.postData(), null);
      assert.equal(ohne.url.searchParams.get('sortProperty'), 'bezeichnung');
      assert.equal(ohne.url.searchParams.get('sortDirection'), 'desc');
      assert.equal(ohne.url.searchParams.get('page'), null);

      // export of the selection: the ids
      await tabelle(page).getByRole('checkbox', { name: `${GALVANIK} auswählen` }).check();
      await page.getByText('1 ausgewählt – der Export enthält diese Betriebe.').waitFor();
      const mit = await exportiere(page);
      const ids = JSON.parse(mit.anfrage.postData()).ids;
      assert.equal(ids.length, 1);
      const galvanik = (await app.api(`/betrieb/search?q=${encodeURIComponent('Galvanik')}`, { token })).content[0];
      assert.deepEqual(ids, [galvanik.id]);

      // tab, filter and selection survive a reload
      await page.getByRole('tab', { name: 'Wiedervorlagen' }).click();
      await page.reload();
      await page.getByRole('heading', { name: 'Wiedervorlagen', level: 2 }).waitFor();
      await page.getByRole('tab', { name: 'Betriebe' }).click();
      await zeigt(page, [BRAUEREI, GALVANIK, PAPIERFABRIK]);
      await until(() => statusInBetrieb(page).isChecked(), false, 'Filter übersteht das Neuladen');
      await until(() => tabelle(page).getByRole('checkbox', { name: `${GALVANIK} auswählen` }).isChecked(), true, 'Auswahl übersteht das Neuladen');
    });
  });

  it('betreiber2 sees only the operation of his own organisation', async () => {
    await withPage({ token: await app.login('betreiber2') }, async (page) => {
      await page.goto(app.url('/eAbwasser/?reiter=betriebe'));
      await zeigt(page, [MUSTERHAUSEN]);
      await statusInBetrieb(page).uncheck();
      const [antwort] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/betrieb/search'),
        filter(page).getByRole('button', { name: 'Suchen' }).click(),
      ]);
      assert.deepEqual(new URL(antwort.url()).searchParams.getAll('betriebsstatus'), []);
      await zeigt(page, [MUSTERHAUSEN]);
      await until(() => page.getByTestId('range-label').textContent(), '1-1 von 1', 'Bereichsangabe: ein Betrieb');
    });
  });
});

describe('Startseite: Nachrichten', () => {
  it('zust_sbd opens a message about a request: it turns read, is deleted on closing, and the header count drops', async () => {
    const token = await app.login('zust_sbd');
    const betreff = `Betrieb zur Freigabe beantragt: ${BRAUEREI}`;
    // the messages are a read model: wait until the demo requests have reached it (the plant's
    // change request is the demo's last)
    const vorher = await until(
      () => app.api('/nachricht', { token }),
      (liste) => liste.some((n) => n.betreff === betreff) && liste.some((n) => n.bezugZuFachobjekt === 'AENDERUNGSANTRAG_ANLAGE'),
      `Nachricht „${betreff}“ im Lesemodell`,
      { timeout: 15_000, interval: 200 },
    );
    const anzahl = vorher.filter((n) => !n.gelesen).length;
    assert.ok(anzahl > 0, 'zust_sbd has unread messages about the demo requests');
    const zaehler = (page, n) =>
      page.getByRole('banner').getByRole('link', { name: `Nachrichten: ${n === 1 ? '1 ungelesene Nachricht' : n === 0 ? 'keine ungelesenen Nachrichten' : `${n} ungelesene Nachrichten`}` });

    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await zaehler(page, anzahl).click();
      await page.getByRole('tab', { name: 'Nachrichten', selected: true }).waitFor();
      const liste = page.getByRole('table', { name: 'Nachrichten' });
      await liste.getByRole('button', { name: `Ungelesen: ${betreff}` }).waitFor();
      await pruefeBarrierefreiheit(page, 'Startseite: Nachrichten');
      await liste.getByRole('button', { name: `Ungelesen: ${betreff}` }).click();

      const dialog = page.getByRole('dialog', { name: betreff });
      await dialog.getByText(/hat den Betrieb „Brauerei am Deutschen Eck“ zur Freigabe beantragt/).waitFor();
      await pruefeBarrierefreiheit(page, 'Nachricht (Dialog)');
      await until(
        () => dialog.getByRole('link', { name: new RegExp(`^Betrieb ${BRAUEREI}`) }).getAttribute('href'),
        /\/betriebsakte\/\d+\/betriebsdaten\?modus=l$/,
        'Link der Nachricht auf den Betrieb',
      );
      // read: the header counts one less, the row is no longer unread
      await zaehler(page, anzahl - 1).waitFor();
      await liste.getByRole('button', { name: betreff, exact: true }).waitFor();

      await dialog.getByRole('checkbox', { name: 'Nachricht beim Schließen löschen' }).check();
      await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
      await toast(page, 'Die Nachricht wurde gelöscht.').waitFor();
      await liste.getByRole('button', { name: betreff, exact: true }).waitFor({ state: 'detached' });
      await zaehler(page, anzahl - 1).waitFor();
    });
    // the server agrees (its list is a read model: asked until it has applied the delete)
    const danach = await until(
      () => app.api('/nachricht', { token }),
      (liste) => !liste.some((n) => n.betreff === betreff),
      'Nachricht auf dem Server gelöscht',
      { timeout: 5_000 },
    );
    assert.equal(danach.filter((n) => !n.gelesen).length, anzahl - 1);
  });
});

describe('Startseite: Wiedervorlagen', () => {
  it('betreiber sets a reminder on his operation, finds it due in the tab and deletes it there', async () => {
    const token = await app.login('betreiber');
    const papierfabrik = (await app.api('/betrieb/search?q=Papierfabrik', { token })).content.find((b) => b.bezeichnung === PAPIERFABRIK);
    assert.ok(papierfabrik, 'the demo operation Papierfabrik is in the worklist');
    const betreff = `Eigenkontrollbericht anfordern ${randomBytes(3).toString('hex')}`;
    await withPage({ token }, async (page) => {
      await page.goto(app.url(`/eAbwasser/betriebsakte/${papierfabrik.id}/wiedervorlagen?modus=l`));
      await page.getByRole('button', { name: 'Wiedervorlage anlegen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
      await dialog.getByLabel('Betreff').fill(betreff);
      await dialog.getByLabel('Datum').fill('01.03.2020');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Die Wiedervorlage wurde erfolgreich angelegt.').waitFor();

      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' }).click();
      await page.getByRole('tab', { name: 'Wiedervorlagen' }).click();
      const zeile = page.getByRole('table', { name: 'Wiedervorlagen' }).getByRole('row').filter({ hasText: betreff });
      await zeile.getByText('fällig', { exact: true }).waitFor();
      await until(() => zeile.innerText(), /01\.03\.2020/, 'Zeile der Wiedervorlage nennt das Datum');
      await until(
        () => zeile.getByRole('link', { name: new RegExp(`^${PAPIERFABRIK}`) }).getAttribute('href'),
        `/eAbwasser/betriebsakte/${papierfabrik.id}/wiedervorlagen?modus=l`,
        'Link der Wiedervorlage auf den Betrieb',
      );
      await page.getByText(/Wiedervorlagen? (ist|sind) fällig\./).waitFor();
      await pruefeBarrierefreiheit(page, 'Startseite: Wiedervorlagen');

      await zeile.getByRole('button', { name: `Löschen ${betreff}` }).click();
      const frage = page.getByRole('alertdialog', { name: 'Löschen bestätigen' });
      await frage.getByText(`Sind Sie sicher, dass Sie die Wiedervorlage „${betreff}“ löschen möchten?`).waitFor();
      await pruefeBarrierefreiheit(page, 'Löschen bestätigen (Dialog)');
      await frage.getByRole('button', { name: 'Löschen' }).click();
      await toast(page, 'Die Wiedervorlage wurde erfolgreich gelöscht.').waitFor();
      await zeile.waitFor({ state: 'detached' });
    });
  });
});

describe('Personalisierung', () => {
  it('betreiber saves filters and notifications; the worklist then starts with his Betriebstyp', async () => {
    const token = await app.login('betreiber');
    await withPage({ token }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('banner').getByRole('link', { name: 'Personalisierung' }).click();
      await page.getByRole('heading', { name: 'Personalisierung', level: 1 }).waitFor();
      await pruefeBarrierefreiheit(page, 'Personalisierung');
      const typ = page.getByRole('group', { name: 'Betriebstyp' });
      await page.getByRole('checkbox', { name: 'Personalisierte Filter aktiv' }).check();
      await typ.getByRole('listbox', { name: /^Verfügbar/ }).getByRole('option', { name: 'Industrie', exact: true }).click();
      await typ.getByRole('button', { name: 'Markierte zuordnen' }).click();
      await page
        .getByRole('group', { name: 'Messstellentyp' })
        .getByRole('listbox', { name: /^Verfügbar/ })
        .getByRole('option', { name: 'Endkontrollmessstelle', exact: true })
        .dblclick();
      await page.getByRole('checkbox', { name: 'Benachrichtigung per E-Mail bei neuen Nachrichten' }).check();
      const [anfrage] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/personalisierung'),
        page.getByRole('button', { name: 'Speichern' }).click(),
      ]);
      assert.deepEqual(JSON.parse(anfrage.postData()), {
        active: true,
        betriebstyp: ['INDUSTRIE'],
        anlagentyp: [],
        messstellentyp: ['NR_9'],
        verwaltungseinheit: [],
        sendMailOnNachrichten: true,
        sendMailOnWiedervorlage: false,
        version: 0,
      });
      await toast(page, 'Die Personalisierung wurde erfolgreich gespeichert.').waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Personalisierung', level: 1 }).waitFor();
      await until(() => page.getByRole('checkbox', { name: 'Personalisierte Filter aktiv' }).isChecked(), true, 'Personalisierte Filter gespeichert');
      await until(() => typ.getByRole('listbox', { name: /^Zugeordnet/ }).getByRole('option').allTextContents(), ['Industrie'], 'zugeordneter Betriebstyp gespeichert');
      await until(() => page.getByRole('checkbox', { name: 'Benachrichtigung per E-Mail bei neuen Nachrichten' }).isChecked(), true, 'Benachrichtigung gespeichert');

      // the worklist's default now holds the chosen Betriebstyp
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' }).click();
      const [suche] = await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === '/api/betrieb/search'),
        page.getByRole('tab', { name: 'Betriebe' }).click(),
      ]);
      assert.deepEqual(new URL(suche.url()).searchParams.getAll('betriebstyp'), ['INDUSTRIE']);
      await until(() => filter(page).getByRole('group', { name: 'Betriebstyp' }).getByRole('checkbox', { name: 'Industrie', exact: true }).isChecked(), true, 'Vorgabe enthält den Betriebstyp');
      await page.getByText('Die Vorgabe enthält die Betriebstypen Ihrer').waitFor();
      await zeigt(page, [PAPIERFABRIK]);
    });
    const gespeichert = await app.api('/personalisierung', { token });
    assert.equal(gespeichert.active, true);
    assert.deepEqual(gespeichert.betriebstyp, ['INDUSTRIE']);
  });
});
