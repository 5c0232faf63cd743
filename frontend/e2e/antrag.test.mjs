// Browser tests of a plant's change request as the spec's users meet it (issue 28, items 1, 2 and
// the review part of 10): zust_sbd reviews the operator's request — only the fields it changes,
// a reason for each refused field, a confirmation before refusing it all —, the operator's message
// names what was adopted and what was refused and why, and the Verlauf shows what was asked for
// against the state it was made on and the decision. Against the real binary with the demo data
// (harness.mjs): the paper mill's treatment plant has an open request (new name, TEG-Abschluss).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAnlage, mitAppUndBrowser, pruefeBarrierefreiheit, toast, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const KLAERANLAGE = 'Betriebskläranlage Papierfabrik';
const KUEHLUNG = 'Kühlwasserkreislauf Papiermaschine 2';

/** The text of the operator's newest message whose subject starts with betreff, once the read model has it. */
async function nachricht(token, betreff) {
  let text = '';
  await until(
    async () => {
      const n = (await app.api('/nachricht', { token })).find((x) => x.betreff?.startsWith(betreff));
      text = n?.text ?? '';
      return !!n;
    },
    true,
    `Nachricht „${betreff}“`,
    { timeout: 20_000, interval: 250 },
  );
  return text;
}

/** The message in the operator's Nachrichten tab, opened: its text as the dialog shows it. */
async function nachrichtImPostfach(page, betreff) {
  await page.goto(app.url('/eAbwasser/?reiter=nachrichten'));
  const zeile = page.getByRole('table', { name: 'Nachrichten' }).getByRole('row').filter({ hasText: betreff });
  await zeile.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/hat Ihren Änderungsantrag/).waitFor();
  return dialog.textContent();
}

describe('Änderungsantrag einer Anlage', () => {
  it('zust_sbd adopts one field and refuses another with a reason; the operator is told both; the Verlauf shows request and decision', async () => {
    const { id, betriebId } = await demoAnlage(app, KLAERANLAGE);
    const seite = `/eAbwasser/betriebsakte/${betriebId}/abwasserbehandlung/${id}/anlagendaten?modus=l`;
    const grund = 'Die Umfirmierung ist noch nicht im Handelsregister eingetragen.';
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag prüfen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
      const tabelle = dialog.getByRole('table', { name: 'Beantragte Änderungen' });
      await tabelle.waitFor();
      // proper column headers, each its own cell
      assert.deepEqual(
        (await tabelle.getByRole('columnheader').allTextContents()).map((t) => t.trim()),
        ['Feld', 'Aktueller Wert', 'Beantragter Wert', 'Übernehmen', 'Begründung der Ablehnung'],
      );
      // only the fields the request changes: the name and TEG-Abschluss, not 'Auf KA-Gelände'
      assert.deepEqual((await tabelle.getByRole('rowheader').allTextContents()).map((t) => t.trim()), ['Bezeichnung', 'TEG-Abschluss']);
      await pruefeBarrierefreiheit(page, 'Änderungsantrag prüfen (Dialog)');

      await dialog.getByRole('checkbox', { name: 'TEG-Abschluss übernehmen' }).check();
      await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      // the refused name needs a reason; nothing is decided without it
      await dialog.getByText('Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird.', { exact: true }).waitFor();
      await until(() => dialog.getByRole('textbox', { name: 'Begründung zu Bezeichnung' }).evaluate((e) => e === document.activeElement), true, 'Fokus auf der fehlenden Begründung');
      await dialog.getByRole('textbox', { name: 'Begründung zu Bezeichnung' }).fill(grund);
      await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      await toast(page, 'Daten wurden übernommen und der Antrag gelöscht').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await until(() => page.getByText('Es liegt ein Änderungsantrag des Betreibers vor.').count(), 0, 'Antrag entschieden');
    });

    // the operator's message names the adopted and the refused field with its reason
    const betreiber = await app.login('betreiber');
    const betreff = `Änderungsantrag übernommen: ${KLAERANLAGE}`;
    const text = await nachricht(betreiber, betreff);
    assert.match(text, /Übernommen wurden: TEG-Abschluss\./, text);
    assert.match(text, /\nAbgelehnt: Bezeichnung – Begründung: Die Umfirmierung ist noch nicht im Handelsregister eingetragen\./, text);
    await withPage({ token: betreiber }, async (page) => {
      const imPostfach = await nachrichtImPostfach(page, betreff);
      assert.match(imPostfach, /Übernommen wurden: TEG-Abschluss/);
      assert.match(imPostfach, /Abgelehnt: Bezeichnung – Begründung: Die Umfirmierung/);
    });

    // the Verlauf: the request shows what was asked for against the state it was made on, the decision what became of each field
    for (const wer of ['zust_sbd', 'fachadmin']) {
      await withPage({ token: await app.login(wer) }, async (page) => {
        await page.goto(app.url(seite));
        await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
        await page.getByRole('heading', { name: `Verlauf: ${KLAERANLAGE}` }).waitFor();
        // a decision that adopts fields dates a version: its summary goes on with ', gültig ab …'
        const zeile = (ereignis) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${ereignis}`) }) });

        await zeile('Änderungsantrag zur Anlage gestellt').getByRole('button', { name: 'Details anzeigen' }).click();
        const gestellt = page.getByRole('table', { name: 'Antrag: Änderungsantrag zur Anlage gestellt' });
        const name = gestellt.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Bezeichnung' }) });
        assert.deepEqual((await name.getByRole('cell').allTextContents()).map((t) => t.trim()), [KLAERANLAGE, `${KLAERANLAGE} Rheinaue`, 'beantragt', '–']);
        const teg = gestellt.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'TEG-Abschluss' }) });
        assert.deepEqual((await teg.getByRole('cell').allTextContents()).map((t) => t.trim()), ['Nein', 'Ja', 'beantragt', '–']);
        assert.equal(await gestellt.getByRole('rowheader', { name: 'Auf KA-Gelände' }).count(), 0, 'nur beantragte Felder');

        await zeile('Änderungsantrag zur Anlage übernommen').getByRole('button', { name: 'Details anzeigen' }).click();
        const entschieden = page.getByRole('table', { name: /^Antrag: Änderungsantrag zur Anlage übernommen/ });
        const abgelehnt = entschieden.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Bezeichnung' }) });
        assert.deepEqual((await abgelehnt.getByRole('cell').allTextContents()).map((t) => t.trim()), [KLAERANLAGE, `${KLAERANLAGE} Rheinaue`, 'abgelehnt', grund]);
        const uebernommen = entschieden.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'TEG-Abschluss' }) });
        assert.deepEqual((await uebernommen.getByRole('cell').allTextContents()).map((t) => t.trim()), ['Nein', 'Ja', 'übernommen', '–']);
        await pruefeBarrierefreiheit(page, `Verlauf der Anlage mit Antrag (${wer})`);
      });
    }
  });

  it('refusing a whole request asks a reason for each field and a confirmation; the operator is told why', async () => {
    const { id, betriebId } = await demoAnlage(app, KUEHLUNG);
    const betreiber = await app.login('betreiber');
    await app.api(`/anlage/kuehlwasser/${id}/aenderungsantrag`, {
      token: betreiber,
      method: 'POST',
      body: { bezeichnung: `${KUEHLUNG} neu`, foerderungen: [], tegAbschluss: false, aufKAGelaende: true, kuehlart: 'Durchlaufkühlung', kuehlBehandlung: '', kommentar: 'Umbau' },
    });
    const seite = `/eAbwasser/betriebsakte/${betriebId}/kuehlwasser/${id}/anlagendaten?modus=l`;
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Änderungsantrag prüfen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
      const tabelle = dialog.getByRole('table', { name: 'Beantragte Änderungen' });
      // Kühlart is requested unchanged: not listed
      await until(async () => (await tabelle.getByRole('rowheader').allTextContents()).map((t) => t.trim()), ['Bezeichnung', 'Auf KA-Gelände'], 'nur geänderte Felder');

      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      await dialog.getByText('Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird.', { exact: true }).waitFor();
      await dialog.getByText('Bitte begründen Sie, warum „Auf KA-Gelände“ nicht übernommen wird.', { exact: true }).waitFor();
      await dialog.getByRole('textbox', { name: 'Begründung zu Bezeichnung' }).fill('Name bleibt bis zum Bescheid.');
      await dialog.getByRole('textbox', { name: 'Begründung zu Auf KA-Gelände' }).fill('Lageplan fehlt.');
      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      // a confirmation first; cancelling keeps the request
      const frage = page.getByRole('alertdialog', { name: 'Ablehnung bestätigen' });
      await frage.getByText('Wollen Sie den Änderungsantrag wirklich vollständig ablehnen?', { exact: false }).waitFor();
      await pruefeBarrierefreiheit(page, 'Ablehnung bestätigen');
      await frage.getByRole('button', { name: 'Abbrechen' }).click();
      await frage.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      await frage.getByRole('button', { name: 'Ablehnen' }).click();
      await toast(page, 'Daten wurden abgelehnt und der Antrag gelöscht').waitFor();
      await until(() => page.getByText('Es liegt ein Änderungsantrag des Betreibers vor.').count(), 0, 'Antrag abgelehnt');
    });
    const text = await nachricht(betreiber, `Änderungsantrag abgelehnt: ${KUEHLUNG}`);
    assert.match(text, /abgelehnt\.\nAbgelehnt: Bezeichnung – Begründung: Name bleibt bis zum Bescheid\.\nAbgelehnt: Auf KA-Gelände – Begründung: Lageplan fehlt\./, text);
  });
});
