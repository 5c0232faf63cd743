// Browser-test harness: a fresh database, the real eabwasser binary, Debian's Chromium.
//
//   const app = await startApp();      // migrate, seed --demo, serve; waits for /api/health
//   const browser = await launchBrowser();
//   ... app.url('/eAbwasser/'), app.token({...}) ...
//   await browser.close(); await app.stop();
//
// Env: EABWASSER_BIN (default <repo>/bin/eabwasser), CHROMIUM_PATH (default /usr/bin/chromium),
// PGHOST/PGPORT/PGUSER for the test database (default 127.0.0.1:5432, postgres, trust auth).
import { execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

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

async function psql(sql) {
  await run('psql', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', sql], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
  });
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

/** HS256 JWT signed with the server's secret. */
export function signJwt(claims, secret) {
  const b64 = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  const sig = createHmac('sha256', secret).update(head).digest('base64url');
  return `${head}.${sig}`;
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
 * Starts the real server on a fresh database. Returns
 * { base, url(path), secret, token(claims?), stop() }.
 */
export async function startApp({ healthTimeoutMs = 60_000 } = {}) {
  const bin = binaryPath();
  if (!existsSync(bin)) {
    throw new Error(`eabwasser binary not found at ${bin}: run 'make build' in ${REPO_ROOT} or set EABWASSER_BIN`);
  }
  const suffix = randomBytes(5).toString('hex');
  const db = `e2e_${suffix}`;
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'eabwasser-e2e-'));
  const secret = `e2e-secret-${randomBytes(16).toString('hex')}`;
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
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child, healthTimeoutMs);
    return {
      base,
      logPath,
      secret,
      url: (path = '/eAbwasser/') => `${base}${path}`,
      /** A JWT like the server's login answer; default: the demo system administrator. */
      token: (claims = {}) =>
        signJwt(
          {
            sub: '1',
            name: 'Sys Admin',
            funktionaleRollen: ['SYSTEMADMIN'],
            behoerde: '',
            exp: Math.floor(Date.now() / 1000) + 3600,
            ...claims,
          },
          secret,
        ),
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

/** A fresh context+page; with `token` it is in localStorage before the app starts. */
export async function newPage(browser, { token } = {}) {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  context.setDefaultTimeout(10_000);
  if (token) {
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}
