// Browser-test harness: a fresh database, the real eabwasser binary, Debian's Chromium, and an
// SMTP sink that receives the application's mails.
//
//   const app = await startApp();      // migrate, seed --demo, serve; waits for /api/health
//   const browser = await launchBrowser();
//   ... app.url('/eAbwasser/'), await app.login('systemadmin'), await app.waitForMail(to) ...
//   await browser.close(); await app.stop();
//
// Env: EABWASSER_BIN (default <repo>/bin/eabwasser), CHROMIUM_PATH (default /usr/bin/chromium),
// PGHOST/PGPORT/PGUSER for the test database (default 127.0.0.1:5432, postgres, trust auth).
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect, isDeepStrictEqual, promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
export const FRONTEND_DIR = resolve(here, '..');
export const REPO_ROOT = resolve(FRONTEND_DIR, '..');
export const RESULTS_DIR = join(FRONTEND_DIR, 'test-results');

const PG = {
  host: process.env.PGHOST || '127.0.0.1',
  port: process.env.PGPORT || '5432',
  user: process.env.PGUSER || 'postgres',
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function binaryPath() {
  return process.env.EABWASSER_BIN || join(REPO_ROOT, 'bin', 'eabwasser');
}

async function psql(sql, db = 'postgres') {
  const { stdout } = await run('psql', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', db, '-v', 'ON_ERROR_STOP=1', '-Atqc', sql], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
  });
  return stdout.trim();
}

/**
 * Waits until the relay and every read model have caught up with the demo data, so a test's
 * first look at a worklist never races the projectors' start (they catch up after /api/health).
 */
async function waitForReadModels(db) {
  await until(
    () => psql(`SELECT count(*) FROM checkpoints WHERE position < (SELECT coalesce(max(global_position), 0) FROM events)`, db),
    '0',
    'Lesemodelle auf dem Stand der Demo-Daten',
    { timeout: 60_000, interval: 200 },
  );
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** The password of every account of `seed --demo`. */
export const DEMO_PASSWORT = 'Demo-Passwort-1';

/**
 * An SMTP sink on 127.0.0.1 (no AUTH, no TLS) that keeps every mail it receives.
 * Returns { url, mails, waitForMail(to, { subject, timeoutMs }), stop() }; waitForMail hands
 * out each mail once, so two waits for the same address get two mails.
 */
export async function startMailSink() {
  const mails = [];
  const wakers = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then(
        (m) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: m.subject ?? '',
            text: m.text ?? '',
            taken: false,
          });
          for (const wake of wakers) wake();
          done();
        },
        (e) => done(e),
      );
    },
  });
  await new Promise((res, rej) => {
    server.once('error', rej);
    server.listen(0, '127.0.0.1', res);
  });
  const { port } = server.server.address();

  async function waitForMail(to, { subject, timeoutMs = 15_000 } = {}) {
    const want = to.toLowerCase();
    const find = () => mails.find((m) => !m.taken && m.to.includes(want) && (!subject || m.subject.includes(subject)));
    const deadline = Date.now() + timeoutMs;
    let mail = find();
    while (!mail && Date.now() < deadline) {
      await new Promise((res) => {
        const wake = () => {
          wakers.delete(wake);
          clearTimeout(timer);
          res();
        };
        const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
        wakers.add(wake);
      });
      mail = find();
    }
    if (!mail) {
      const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'keine';
      throw new Error(`no mail to ${to}${subject ? ` with subject '${subject}'` : ''} within ${timeoutMs} ms (received: ${seen})`);
    }
    mail.taken = true;
    return { subject: mail.subject, text: mail.text };
  }

  return {
    url: `smtp://127.0.0.1:${port}?tls=none`,
    mails,
    waitForMail,
    stop: () => new Promise((res) => server.close(res)),
  };
}

/** The first http(s) link in a mail text that contains `contains`. */
export function link(text, contains) {
  const found = (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((u) => u.includes(contains));
  if (!found) throw new Error(`no link containing '${contains}' in:\n${text}`);
  return found;
}

async function waitForHealth(base, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`eabwasser serve exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e?.cause?.code || e?.message || e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`/api/health not 200 after ${timeoutMs} ms (${last})`);
}

/**
 * Starts the real server on a fresh database, its mails going to an SMTP sink. Returns
 * { base, url(path), api(path, {token, method, body}), login(user, password?), waitForMail, stop() }.
 * `umgebung` adds variables of the server's environment (DIGIWAB_URL of a stand-in register, …).
 */
export async function startApp({ healthTimeoutMs = 60_000, umgebung = {} } = {}) {
  const bin = binaryPath();
  if (!existsSync(bin)) {
    throw new Error(`eabwasser binary not found at ${bin}: run 'make build' in ${REPO_ROOT} or set EABWASSER_BIN`);
  }
  const suffix = randomBytes(5).toString('hex');
  const db = `e2e_${suffix}`;
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'eabwasser-e2e-'));
  const secret = randomBytes(32).toString('hex'); // as openssl rand -hex 32: the secret check refuses patterns
  const base = `http://127.0.0.1:${port}`;
  const mail = await startMailSink();
  mkdirSync(RESULTS_DIR, { recursive: true });
  // one log per run (overwritten), kept for a look after a failure
  const logPath = join(RESULTS_DIR, 'server.log');
  const log = createWriteStream(logPath);

  const env = { ...process.env };
  delete env.NATS_URL; // the binary starts an embedded NATS
  Object.assign(env, {
    DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${db}?sslmode=disable`,
    HTTP_ADDR: `127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    SMTP_URL: mail.url,
    PUBLIC_URL: base,
    ...umgebung,
  });

  let child = null;
  let dbCreated = false;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await mail.stop();
    if (dbCreated) await psql(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch((e) => console.error(e));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await psql(`CREATE DATABASE ${db}`);
    dbCreated = true;
    for (const args of [['migrate'], ['seed', '--demo']]) {
      try {
        const { stdout, stderr } = await run(bin, args, { env, cwd: REPO_ROOT, timeout: 120_000 });
        log.write(`$ eabwasser ${args.join(' ')}\n${stdout}${stderr}\n`);
      } catch (e) {
        throw new Error(`eabwasser ${args.join(' ')} failed: ${e.stderr || e.message}`);
      }
    }
    child = spawn(bin, ['serve'], { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    await waitForHealth(base, child, healthTimeoutMs);
    await waitForReadModels(db);

    /** A JSON call of the API; throws with the answer's text unless it is 2xx. */
    const api = async (path, { token, method = 'GET', body } = {}) => {
      const headers = { Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} /api${path}: HTTP ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };

    const tokens = new Map();
    return {
      base,
      logPath,
      url: (path = '/eAbwasser/') => `${base}${path}`,
      api,
      /** The JWT of a real login (POST /api/authenticate/), one per user and password. */
      login: async (username, password = DEMO_PASSWORT) => {
        const key = `${username}\n${password}`;
        if (!tokens.has(key)) {
          const { token } = await api('/authenticate/', { method: 'POST', body: { username, password } });
          tokens.set(key, token);
        }
        return tokens.get(key);
      },
      waitForMail: mail.waitForMail,
      mails: mail.mails,
      stop,
    };
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n(server log: ${logPath})`);
  }
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * Waits until the page shows what a test expects, instead of reading it once: calls `read()`
 * (an attribute, a text, a count, an input value, …) every `interval` ms until `erwartet`
 * holds, and returns that value. `erwartet` is a predicate, a RegExp (tested against the
 * text) or a value (compared deeply). After `timeout` ms it throws an error that names `was`
 * (what should hold), the expectation and the last value read (or the last error of `read`).
 *
 *   await until(() => toggle.getAttribute('aria-pressed'), 'true', 'Bearbeiten-Schalter gedrückt');
 *   await until(() => zeilen.count(), (n) => n >= 3, 'mindestens zwei Versionen');
 *
 * A read right after a click or a navigation sees the page between two renders; the URL, a
 * toast or a heading can be there before the state a test wants to check (issue 12, point 8).
 */
export async function until(read, erwartet, was, { timeout = 10_000, interval = 100 } = {}) {
  const gilt =
    typeof erwartet === 'function'
      ? erwartet
      : erwartet instanceof RegExp
        ? (v) => erwartet.test(String(v ?? ''))
        : (v) => isDeepStrictEqual(v, erwartet);
  const beschreibung = typeof erwartet === 'function' ? String(erwartet) : inspect(erwartet);
  const deadline = Date.now() + timeout;
  let zuletzt;
  let fehler;
  for (;;) {
    try {
      // a locator read waits for its element (up to the context timeout) before it answers
      zuletzt = await read();
      fehler = undefined;
      if (gilt(zuletzt)) return zuletzt;
    } catch (e) {
      fehler = e;
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, interval));
  }
  const letzter = fehler ? `Fehler beim Lesen: ${fehler.message?.split('\n')[0] ?? fehler}` : `zuletzt gelesen: ${inspect(zuletzt)}`;
  throw new Error(`${was}: nach ${timeout} ms nicht erreicht (erwartet ${beschreibung}; ${letzter})`);
}

/** The viewport of a phone (the issue's 390 × 844), for `newPage(browser, { viewport: TELEFON })`. */
export const TELEFON = { width: 390, height: 844 };

/** How far the page is wider than its window (0: nothing to scroll sideways). */
export const seitlich = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * A fresh context+page; with `token` it is in localStorage before the app starts; `viewport`
 * sets the window's size (default Playwright's 1280 × 720).
 */
export async function newPage(browser, { token, viewport } = {}) {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', ...(viewport ? { viewport, isMobile: true, hasTouch: true } : {}) });
  context.setDefaultTimeout(10_000);
  if (token) {
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

/** Runs fn(page) in a fresh context, asserts the page threw nothing, and closes the context. */
export async function withPage(browser, opts, fn) {
  const { context, page, errors } = await newPage(browser, opts);
  try {
    await fn(page);
    if (errors.length > 0) throw new Error(`uncaught errors in the page: ${errors.map(String).join('; ')}`);
  } catch (e) {
    // E2E_FEHLERBILD=/tmp/fehler.png keeps what the page showed when a test failed
    if (process.env.E2E_FEHLERBILD) await page.screenshot({ path: process.env.E2E_FEHLERBILD, fullPage: true }).catch(() => {});
    throw e;
  } finally {
    await context.close();
  }
}

/**
 * Starts the app and a browser before the tests of a file and stops both after them; hands
 * `{ app, withPage }` to `bereit` once they run.
 */
export function mitAppUndBrowser(bereit) {
  let app;
  let browser;
  before(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    bereit({ app, withPage: (opts, fn) => withPage(browser, opts, fn) });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
}

const AXE_QUELLE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_SCHWERE = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA plus best practices) on what the page shows now and
 * fails with a readable list of every serious or critical violation: rule, help text, and
 * for each element its selector and axe's summary. `seite` names the page in the message.
 * Call it once the page has rendered what it should check (after a waitFor).
 */
export async function pruefeBarrierefreiheit(page, seite) {
  // evaluate, not addScriptTag: the app's Content-Security-Policy forbids inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_QUELLE);
  const verstoesse = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      knoten: v.nodes.map((n) => ({ ziel: n.target.join(' '), text: n.failureSummary ?? '' })),
    }));
  });
  const ernste = verstoesse.filter((v) => AXE_SCHWERE.has(v.impact));
  if (ernste.length === 0) return;
  const liste = ernste
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.knoten.map((k) => `    ${k.ziel}\n      ${k.text.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n');
  throw new Error(`Barrierefreiheit '${seite}': ${ernste.length} ernste Verstöße (axe-core)\n${liste}`);
}

/** A short random suffix that keeps a test's names apart from the demo's and other tests'. */
export const kennung = () => randomBytes(3).toString('hex');

/** The toast with exactly this text. */
export const toast = (page, text) => page.getByRole('region', { name: 'Benachrichtigungen' }).getByText(text, { exact: true });

/** The operation file's tree. */
export const baum = (page) => page.getByRole('navigation', { name: 'Betriebsakte' });

/** The header's Aufgaben link; its name carries the count ('Aufgaben: 2 offene Aufgaben'). */
export const aufgabenLink = (page) => page.getByRole('banner').getByRole('link', { name: /^Aufgaben/ });

/** The bytes of a download. */
export async function inhalt(download) {
  const teile = [];
  for await (const c of await download.createReadStream()) teile.push(c);
  return Buffer.concat(teile);
}

/**
 * The demo plant named bezeichnung (its id, betriebId, anlagentyp, …), found through the API's
 * search as `wer` (default zust_sbd). It must be there at once; with `warten` the search is
 * repeated until the worklist's read model lists it (a plant saved by the test just before).
 */
export async function demoAnlage(app, bezeichnung, { wer = 'zust_sbd', warten = false } = {}) {
  const token = await app.login(wer);
  const treffer = async () => (await app.api(`/anlage/search?query=${encodeURIComponent(bezeichnung)}`, { token })).content;
  if (warten) {
    return until(async () => (await treffer()).find((a) => a.bezeichnung === bezeichnung), (a) => a !== undefined, `die Anlage ${bezeichnung} in der Arbeitsliste`);
  }
  const liste = await treffer();
  const anlage = liste.find((a) => a.bezeichnung === bezeichnung);
  assert.ok(anlage, `demo plant ${bezeichnung}: ${JSON.stringify(liste)}`);
  return anlage;
}

/** The id of the demo's approved operation of the operator's organisation, Papierfabrik Rheinaue. */
export async function papierfabrik(app, token) {
  const seite = await app.api('/betrieb/search?q=Papierfabrik', { token });
  const betrieb = seite.content.find((b) => b.bezeichnung.startsWith('Papierfabrik Rheinaue'));
  if (!betrieb) throw new Error(`no demo operation Papierfabrik in ${JSON.stringify(seite)}`);
  return betrieb.id;
}
