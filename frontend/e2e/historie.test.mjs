// Browser tests of issue 28, items 3 and 10 (a–d), as the spec's users on the demo data: staff
// (zust_sbd) rename a plant with a reason — a historised change — and the operator (betreiber)
// later corrects its plannings. The Historie then shows who opened the version, when and why,
// and apart from it the operator's correction; the Planung's 'Geändert am' is a German date; a
// ticked checkbox in read mode is plainly ticked; the Ereignisprotokoll names the plant, the
// roles and the organisation; a designed refusal (400) leaves nothing in the console but
// Chromium's own network line. Each assertion failed before its fix (see the closing note).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAnlage, mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));

const ANLAGE = 'Betriebskläranlage Papierfabrik';
const NEU = 'Betriebskläranlage Papierfabrik Nord';
const GRUND = 'Umbenennung nach dem Umbau';
const heute = () => new Date().toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/** WCAG contrast ratio of two CSS colours 'rgb(a)(r, g, b[, a])' (a transparent colour over white). */
function kontrast(farbe, hintergrund = 'rgb(255, 255, 255)') {
  const lum = (css) => {
    const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
    const ueberWeiss = [r, g, b].map((c) => (c * a + 255 * (1 - a)) / 255);
    const [R, G, B] = ueberWeiss.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [l1, l2] = [lum(farbe), lum(hintergrund)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Saves the plant as the owner of token: its data from GET, changed by aendern. */
async function speichere(token, id, aendern) {
  const a = await app.api(`/anlage/${id}`, { token });
  aendern(a);
  return app.api(`/anlage/abwasserbehandlung/${id}`, { token, method: 'PUT', body: a });
}

describe('Historie, dates, checkboxes and names (issue 28, items 3 and 10)', () => {
  let id;
  let seite;

  it('a version shows who opened it with its reason, and the later correction by someone else apart', async () => {
    const sbd = await app.login('zust_sbd');
    const betreiber = await app.login('betreiber');
    const anlage = await demoAnlage(app, ANLAGE);
    id = anlage.id;
    seite = `/eAbwasser/betriebsakte/${anlage.betriebId}/abwasserbehandlung/${id}/anlagendaten?modus=l`;
    // given staff's historised change with its reason (and a ticked Selbstüberwachungspflicht)
    const heuteIso = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    await speichere(sbd, id, (a) => {
      a.bezeichnung = NEU;
      a.selbstueberwachungspflicht = true;
      a.auditInfo = { gueltigAb: heuteIso, aenderungsgrund: GRUND, ueberschreiben: true };
    });
    // when the operator corrects the plannings (no audit entry: the same version)
    await speichere(betreiber, id, (a) => {
      a.planungen = [{ status: 'geplant', massnahme: 'Erweiterung der Nachklärung', plandatum: '2027-05-01' }];
    });

    // then staff's Historie: opened by Claudia Schneider with the reason, corrected by Michael Wagner
    await withPage({ token: sbd }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Historie' }).click();
      const historie = page.getByRole('dialog', { name: `Historie: ${NEU}` });
      const aktuell = historie.getByRole('row').filter({ hasText: 'aktuell' });
      const zellen = () => aktuell.getByRole('cell').allTextContents();
      await until(zellen, (z) => z.includes('Claudia Schneider') && z.includes(GRUND), 'eröffnet von Claudia Schneider mit dem Grund');
      await until(zellen, (z) => z.some((c) => /^am \d\d\.\d\d\.\d{4} \d\d:\d\d von Michael Wagner$/.test(c)), 'zuletzt korrigiert von Michael Wagner');
      await until(zellen, (z) => !z.includes('Michael Wagner'), 'der Korrigierende steht nicht neben dem Grund');
      await pruefeBarrierefreiheit(page, 'Historie mit Korrektur');
    });
  });

  it('the operator sees who opened the version as "Behörde" and his own correction by name', async () => {
    const betreiber = await app.login('betreiber');
    await withPage({ token: betreiber }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('button', { name: 'Historie' }).click();
      const aktuell = page.getByRole('dialog', { name: `Historie: ${NEU}` }).getByRole('row').filter({ hasText: 'aktuell' });
      await until(
        () => aktuell.getByRole('cell').allTextContents(),
        (z) => z.includes('Behörde') && z.includes(GRUND) && z.some((c) => /von Michael Wagner$/.test(c)),
        'Behörde eröffnet, Michael Wagner korrigiert',
      );
    });
  });

  it("the Planung's 'Geändert am' is dd.MM.yyyy", async () => {
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('tab', { name: /Auslegungs-\/Planungsdaten/ }).click();
      await until(() => page.getByLabel('Geändert am 1').inputValue(), heute(), "Planung 'Geändert am' als TT.MM.JJJJ");
      await until(() => page.getByLabel('Geändert von 1').inputValue(), 'Michael Wagner', 'Planung geändert von');
      await pruefeBarrierefreiheit(page, 'Anlage im Lesemodus, Auslegungs-/Planungsdaten');
    });
  });

  it('a ticked checkbox is plainly ticked in read mode', async () => {
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      await page.goto(app.url(seite));
      const haken = page.getByLabel('Selbstüberwachungspflicht');
      await until(() => haken.isChecked(), true, 'Selbstüberwachungspflicht angehakt');
      await until(() => haken.isDisabled(), true, 'im Lesemodus nicht änderbar');
      // the box itself is filled dark (≥ 3:1 against white, WCAG 1.4.11), not greyed out
      const stil = await haken.evaluate((el) => {
        const s = getComputedStyle(el);
        return { hintergrund: s.backgroundColor, rahmen: s.borderTopColor, bild: s.backgroundImage };
      });
      assert.ok(kontrast(stil.hintergrund) >= 3, `angehakt im Lesemodus: Hintergrund ${stil.hintergrund} (Kontrast ${kontrast(stil.hintergrund).toFixed(2)})`);
      assert.match(stil.bild, /^url\(/, 'ein Haken ist gezeichnet');
      const leer = page.getByLabel('Chargenbetrieb');
      await until(() => leer.isChecked(), false, 'Chargenbetrieb nicht angehakt');
      const rahmen = await leer.evaluate((el) => getComputedStyle(el).borderTopColor);
      assert.ok(kontrast(rahmen) >= 3, `nicht angehakt: Rahmen ${rahmen}`);
      await pruefeBarrierefreiheit(page, 'Anlage im Lesemodus');
    });
  });

  /** The fachadmin's Ereignisprotokoll, newest first, and the row of an actor's plant save. */
  async function protokoll(page, wer) {
    await page.goto(app.url('/eAbwasser/protokoll'));
    const tabelle = page.getByRole('table', { name: 'Ereignisse' });
    const zeile = tabelle.getByRole('row').filter({ hasText: wer }).filter({ hasText: 'Anlage geändert' }).first();
    await zeile.waitFor();
    return zeile;
  }

  it('the Ereignisprotokoll names the plant (object and summary), not "Anlage 1"', async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      const zeile = await protokoll(page, 'Michael Wagner');
      const zellen = () => zeile.getByRole('cell').allTextContents();
      await until(zellen, (z) => z.some((c) => c.startsWith(NEU)), 'Objekt mit Namen');
      await until(zellen, (z) => z.some((c) => c.includes(`Anlage geändert (${NEU})`)), 'Zusammenfassung mit Namen');
      await pruefeBarrierefreiheit(page, 'Ereignisprotokoll');
    });
  });

  it('the Ereignisprotokoll names the roles, not "ZUST_SBD"', async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      const zellen = async (wer) => (await protokoll(page, wer)).getByRole('cell').allTextContents();
      await until(() => zellen('Claudia Schneider'), (z) => z.includes('Zuständig SBD') && !z.some((c) => c.includes('ZUST_SBD')), 'Rolle Zuständig SBD');
      await until(() => zellen('Michael Wagner'), (z) => z.includes('Betreiber'), 'Rolle Betreiber');
    });
  });

  it("the Ereignisprotokoll names the actor's organisation in the entry", async () => {
    await withPage({ token: await app.login('fachadmin') }, async (page) => {
      const zeile = await protokoll(page, 'Michael Wagner');
      await zeile.getByRole('button', { name: 'Details anzeigen' }).click();
      await page.getByRole('definition').filter({ hasText: /^Klärwerk Rheinaue GmbH$/ }).waitFor({ timeout: 10_000 });
    });
  });

  it("the plant's Verlauf names the obligee, not its number", async () => {
    await withPage({ token: await app.login('leser_behoerde') }, async (page) => {
      await page.goto(app.url(seite));
      await page.getByRole('link', { name: 'Verlauf der Anlage' }).click();
      const angelegt = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Anlage angelegt', exact: true }) });
      await angelegt.getByRole('button', { name: 'Details anzeigen' }).click();
      const feld = page.getByRole('row').filter({ hasText: 'Abwasserbeseitigungspflichtiger 1 › Organisation' });
      await until(() => feld.getByRole('cell').allTextContents(), (z) => z.includes('Klärwerk Rheinaue GmbH'), 'Pflichtiger mit Namen');
      await pruefeBarrierefreiheit(page, 'Verlauf der Anlage mit Details');
    });
  });

  it('a designed refusal (400) leaves only Chromium’s own network line in the console', async () => {
    await withPage({ token: await app.login('zust_sbd') }, async (page) => {
      const meldungen = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') meldungen.push(m.text());
      });
      await page.goto(app.url(seite.replace('modus=l', 'modus=s')));
      await page.getByLabel(/^Bezeichnung/).fill(`${NEU} Süd`);
      await page.getByRole('button', { name: 'Speichern' }).click();
      // the server asks for the audit entry: a designed 400 that opens the Historisierung dialog
      await page.getByRole('dialog', { name: 'Historisierung' }).waitFor();
      await until(() => meldungen.length, (n) => n >= 1, 'die Netzwerkzeile von Chromium');
      assert.deepEqual(
        meldungen.filter((m) => !/^Failed to load resource: the server responded with a status of 400/.test(m)),
        [],
        'die App selbst schreibt nichts in die Konsole',
      );
    });
  });
});
