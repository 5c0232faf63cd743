// Browser tests of the accounts (spec 002 §2): registration with e-mail confirmation and
// activation, the first and a forgotten password, login, route guarding. Mails arrive over
// SMTP at the harness's sink, as they would at a real mailbox.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { DEMO_PASSWORT, link, mitAppUndBrowser, pruefeBarrierefreiheit, until } from './harness.mjs';

let app;
let withPage;
mitAppUndBrowser((u) => ({ app, withPage } = u));
const pathOf = (page) => new URL(page.url()).pathname;

/** Logs in through the form of the login page that is open. */
async function loginForm(page, username, password) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Anmelden' }) });
  await form.getByLabel('Benutzername').fill(username);
  await form.getByLabel('Passwort', { exact: false }).fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

/** Sets a password on the page of a reset link; afterwards the login page is shown. */
async function setPassword(page, url, password) {
  await page.goto(url);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await page.waitForURL((u) => u.pathname === '/eAbwasser/login');
  await page.getByText('Passwort erfolgreich geändert.').waitFor();
}

/** The id of the account registered with `email`, from the audit trail (stream anwender-<id>). */
async function registeredId(email) {
  const token = await app.login('systemadmin');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { content } = await app.api('/audit?eventType=AnwenderRegistriert&size=100', { token });
    const entry = content.find((e) => JSON.stringify(e.daten).toLowerCase().includes(email.toLowerCase()));
    if (entry) return entry.streamId.replace(/^anwender-/, '');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no AnwenderRegistriert event for ${email}`);
}

describe('registration', () => {
  it('register, confirm the e-mail, get activated, set the first password and log in', async () => {
    const email = `erika.${randomBytes(3).toString('hex')}@example.org`;
    const password = 'Erstes-Passwort-42';
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/registrierung'));
      const form = page.getByRole('form', { name: 'Registrierung' });
      await form.waitFor();
      await pruefeBarrierefreiheit(page, 'Registrierung');
      await form.getByLabel(/^Organisation/).selectOption({ label: 'Klärwerk Rheinaue GmbH' });
      await form.getByRole('checkbox', { name: 'Betreiber', exact: true }).check();
      await form.getByLabel('Anrede').selectOption({ label: 'Frau' });
      await form.getByLabel('Titel').selectOption({ label: 'Dr.' });
      await form.getByLabel(/^Name/).fill('Musterfrau');
      await form.getByLabel('Vorname').fill('Erika');
      await form.getByLabel('E-Mail').fill(email);
      await form.getByLabel('Telefon').fill('0621-123456');
      await form.getByLabel('Mobil').fill('0171-2345678');
      await form.getByLabel('Ich stimme der Verarbeitung meiner Daten gemäß Datenschutzerklärung zu.').check();
      await form.getByRole('button', { name: 'Registrieren' }).click();
      await page
        .getByText(`Vielen Dank für Ihre Registrierung. Wir haben eine E-Mail an ${email} gesendet.`, { exact: false })
        .waitFor();

      // the confirmation mail links to the double opt-in page
      const bestaetigung = await app.waitForMail(email);
      await page.goto(link(bestaetigung.text, '/eAbwasser/doubleoptin?t='));
      await page
        .getByText('Ihre E-Mail Adresse wurde erfolgreich bestätigt. Ihr Zugang wird nun von der Administration geprüft und freigeschaltet.')
        .waitFor();

      // not yet activated: the login says so
      await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
      await loginForm(page, email, 'irgendwas-1');
      await page.getByRole('alert').filter({ hasText: /freigeschaltet|Benutzername oder Passwort/ }).waitFor();

      // the administration activates the account
      const id = await registeredId(email);
      await app.api(`/anwender/${id}/status/`, { method: 'PUT', token: await app.login('systemadmin'), body: { status: 'AKTIV' } });
      const freigabe = await app.waitForMail(email, { subject: 'Ihr Zugang zu eAbwasser wurde freigeschaltet' });
      await setPassword(page, link(freigabe.text, '/eAbwasser/password-reset?token='), password);

      // the user name is the e-mail address
      await loginForm(page, email, password);
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      assert.equal(pathOf(page), '/eAbwasser/');
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await nav.getByRole('link', { name: 'Startseite' }).waitFor();
      await until(() => nav.getByRole('link', { name: 'Systemverwaltung' }).count(), 0, 'keine Systemverwaltung für Betreiber');
    });
  });
});

describe('password', () => {
  it('a forgotten password is reset over the mailed link', async () => {
    const password = 'Neues-Passwort-2025';
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/login'));
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      // the login form stays until the lazy page has loaded: its field has the same name
      await page.getByRole('button', { name: 'Passwort zurücksetzen' }).waitFor();
      await page.getByLabel('Benutzername').fill('betreiber2');
      await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
      await page.getByText('Email zum Zurücksetzen des Passworts gesendet.').waitFor();
      await page.getByText('Bitte prüfen Sie Ihr E-Mail-Postfach.').waitFor();

      const mail = await app.waitForMail('betreiber2@demo.eabwasser.example');
      const url = link(mail.text, '/eAbwasser/password-reset?token=');
      await setPassword(page, url, password);
      await loginForm(page, 'betreiber2', password);
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();

      // the link is good for one use
      await page.getByRole('button', { name: 'Abmelden' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/login');
      await page.goto(url);
      await page.getByLabel('Neues Passwort').fill(password);
      await page.getByLabel('Passwort bestätigen').fill(password);
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
      await page.getByText('Der Link ist ungültig oder abgelaufen.').waitFor();
      await page.getByRole('link', { name: 'Neue E-Mail anfordern' }).click();
      await page.getByRole('button', { name: 'Passwort zurücksetzen' }).waitFor();
    });
  });

  it('a wrong password shows the server message in the form', async () => {
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/login'));
      await loginForm(page, 'betreiber', 'falsches-Passwort-1');
      const alert = page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch.' });
      await alert.waitFor();
      await until(() => alert.count(), 1, 'shown once, in the form, not as a toast too');
      await pruefeBarrierefreiheit(page, 'Anmeldung mit Fehlermeldung');
      assert.equal(pathOf(page), '/eAbwasser/login');
    });
  });
});

describe('route guarding', () => {
  it('a Betreiber opening the Systemverwaltung lands on the access-denied page', async () => {
    await withPage({ token: await app.login('betreiber') }, async (page) => {
      await page.goto(app.url('/eAbwasser/systemverwaltung'));
      await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
      assert.equal(pathOf(page), '/eAbwasser/unautorisiert');
    });
  });

  it('the system administrator sees the Systemverwaltung tabs', async () => {
    await withPage({ token: await app.login('systemadmin') }, async (page) => {
      await page.goto(app.url('/eAbwasser/'));
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Systemverwaltung' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/systemverwaltung/anwender');
      const tabs = page.getByRole('tablist', { name: 'Systemverwaltung' }).getByRole('tab');
      await page.getByRole('tab', { name: 'Anwender', selected: true }).waitFor();
      await until(() => tabs.allTextContents(), ['Anwender', 'Rollen', 'Wertelisten', 'Organisationen'], 'Reiter der Systemverwaltung');
      await page.getByRole('tab', { name: 'Rollen' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/systemverwaltung/rollen');
      // the demo Dienststelle, a system role
      await page.getByRole('cell', { name: 'Regionalstelle Koblenz', exact: true }).waitFor();
    });
  });

  it('an anonymous visitor of /profil logs in and comes back to the profile', async () => {
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/profil'));
      await page.waitForURL((u) => u.pathname === '/eAbwasser/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/profil');
      await loginForm(page, 'betreiber', DEMO_PASSWORT);
      await page.waitForURL((u) => u.pathname === '/eAbwasser/profil');
      await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
      await until(() => page.getByLabel('Benutzername').inputValue(), 'betreiber', 'Profil zeigt den Benutzernamen');
    });
  });
});

describe('profile and logout', () => {
  it('the profile changes the password only with the current one', async () => {
    const neu = 'Trabbi-Fahrrad-84';
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/login'));
      await loginForm(page, 'beauftragter', DEMO_PASSWORT);
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      await page.goto(app.url('/eAbwasser/profil'));
      await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Profil' });
      await form.waitFor();
      await pruefeBarrierefreiheit(page, 'Profil');
      await form.getByLabel(/^Passwort$/).fill(neu);
      await form.getByLabel(/^Passwort bestätigen/).fill(neu);

      // without the current password the form says so at its field
      await form.getByRole('button', { name: 'Speichern' }).click();
      const aktuell = form.getByLabel(/^Aktuelles Passwort/);
      await form
        .getByText('Bitte geben Sie Ihr aktuelles Passwort ein, um Benutzername, E-Mail-Adresse oder Passwort zu ändern.')
        .waitFor();
      assert.equal(await aktuell.getAttribute('aria-invalid'), 'true');
      assert.equal(await aktuell.getAttribute('autocomplete'), 'current-password');

      // a wrong one: the server's message at the field, still logged in
      const speichern = async () => {
        await form.getByRole('button', { name: 'Speichern' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Profil speichern' });
        await dialog.getByText('Sie werden nach dem Speichern abgemeldet und können sich mit den neuen Daten anmelden.').waitFor();
        await pruefeBarrierefreiheit(page, 'Profil speichern (Dialog)');
        await dialog.getByRole('button', { name: 'Speichern' }).click();
      };
      await aktuell.fill('Falsches-Passwort-9');
      await speichern();
      await form.getByText('Das aktuelle Passwort ist nicht korrekt.').waitFor();
      assert.equal(pathOf(page), '/eAbwasser/profil');

      // the right one: saved, logged out, the new password works and the old one not
      await aktuell.fill(DEMO_PASSWORT);
      await speichern();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/login');
      await loginForm(page, 'beauftragter', DEMO_PASSWORT);
      await page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch.' }).waitFor();
      await loginForm(page, 'beauftragter', neu);
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
    });
  });

  it("'Abmelden' ends the session on the server: the old token answers 401", async () => {
    await withPage({}, async (page) => {
      await page.goto(app.url('/eAbwasser/login'));
      await loginForm(page, 'leser_organisation', DEMO_PASSWORT);
      await page.getByRole('heading', { name: 'Startseite', level: 1 }).waitFor();
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      assert.ok(token, 'a token after login');
      const me = () => fetch(app.url('/api/me'), { headers: { Authorization: `Bearer ${token}` } });
      assert.equal((await me()).status, 200);

      await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
      await page.waitForURL((u) => u.pathname === '/eAbwasser/login');
      assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
      assert.equal((await me()).status, 401, 'a copied token must not outlive the logout');
    });
  });
});
