import { startApp, launchBrowser, newPage, pruefeBarrierefreiheit } from './harness.mjs';
const app = await startApp();
const browser = await launchBrowser();
const seiten = [
  [null, '/eAbwasser/login', 'Anmeldung'],
  ['systemadmin', '/eAbwasser/', 'Startseite'],
  ['systemadmin', '/eAbwasser/?reiter=betriebe', 'Startseite'],
  ['systemadmin', '/eAbwasser/?reiter=nachrichten', 'Startseite'],
  ['systemadmin', '/eAbwasser/?reiter=wiedervorlagen', 'Startseite'],
  ['systemadmin', '/eAbwasser/betriebsakte/1/betriebsdaten?modus=l', 'Betriebsdaten'],
  ['systemadmin', '/eAbwasser/betriebsakte/1/betriebsdaten?modus=s', 'Betriebsdaten'],
  ['systemadmin', '/eAbwasser/betriebsakte/1/dateien?modus=l', 'Dateien'],
  ['systemadmin', '/eAbwasser/betriebsakte/1/wiedervorlagen?modus=l', 'Wiedervorlagen'],
  ['systemadmin', '/eAbwasser/betriebsakte/1/verlauf?modus=l', 'Verlauf'],
  ['systemadmin', '/eAbwasser/systemverwaltung', null],
  ['systemadmin', '/eAbwasser/systemverwaltung/organisationen', null],
  ['systemadmin', '/eAbwasser/systemverwaltung/rollen', null],
  ['systemadmin', '/eAbwasser/systemverwaltung/wertelisten', null],
  ['systemadmin', '/eAbwasser/protokoll', 'Ereignisprotokoll'],
  ['systemadmin', '/eAbwasser/auswertung', null],
  ['systemadmin', '/eAbwasser/profil', null],
  ['systemadmin', '/eAbwasser/personalisierung', null],
  ['betreiber', '/eAbwasser/?reiter=nachrichten', null],
  ['betreiber', '/eAbwasser/betriebsakte/neu/betriebsdaten?typ=INDUSTRIE', null],
  [null, '/eAbwasser/registrierung', null],
];
for (const [user, path, h] of seiten) {
  const { context, page } = await newPage(browser, user ? { token: await app.login(user) } : {});
  await page.goto(app.url(path));
  if (h) await page.getByRole('heading', { name: h, level: 1 }).waitFor().catch(() => {});
  await page.waitForLoadState('networkidle');
  await new Promise((r) => setTimeout(r, 800));
  try { await pruefeBarrierefreiheit(page, `${user} ${path}`); console.log('OK', user, path); } catch (e) { console.log(e.message); }
  await context.close();
}
await browser.close(); await app.stop();
