import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { vergissPositionen } from '@/lib/befehl';

// findBy…/waitFor wait 1 s by default; on two cores shared with Postgres and the browser tests a
// lazy route plus its queries took longer (Betriebsdaten, Verlauf failed on main under load; the
// start page's export with a second `make test` beside it, issue 43). Every wait of the suite is
// a wait on a condition with this one bound — no test sets its own (vite.config.ts: a test may
// take several such waits).
configure({ asyncUtilTimeout: 20000 });

// jsdom has <dialog> but not its modal methods
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  vergissPositionen();
  window.localStorage.clear();
});
