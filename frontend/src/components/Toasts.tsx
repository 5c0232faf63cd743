import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dismissToast, fokusGenommen, TOAST_DURATION_MS, useObersterDialog, useToasts, type Toast } from '@/lib/toast';

const STYLES: Record<Toast['kind'], string> = {
  error: 'border-red-700 bg-red-50 text-red-950',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  success: 'border-green-700 bg-green-50 text-green-950',
  info: 'border-blue-700 bg-blue-50 text-blue-950',
};

function ToastItem({ toast, imDialog }: { toast: Toast; imDialog: boolean }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const ref = useRef<HTMLLIElement>(null);

  // the result of a save takes the focus (and keeps the toast while it has it); in a dialog that
  // is about to close it takes it again on the page, where it is then done
  const fokus = !!toast.fokus;
  useEffect(() => {
    if (!fokus) return;
    ref.current?.focus();
    if (!imDialog) fokusGenommen(toast.id);
  }, [fokus, imDialog, toast.id]);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  return (
    <li
      ref={ref}
      tabIndex={-1}
      role={toast.kind === 'error' ? 'alert' : undefined}
      className={`pointer-events-auto flex items-start gap-3 rounded border-l-4 px-4 py-3 shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-blue-700 ${STYLES[toast.kind]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex-1">
        <p className="font-medium">{toast.message}</p>
        {toast.detail && <p className="mt-1 text-sm">{toast.detail}</p>}
      </div>
      <button
        type="button"
        className="rounded px-1 text-lg leading-none hover:bg-black/10"
        aria-label="Benachrichtigung schließen"
        title="Schließen"
        onClick={() => dismissToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Distance of the page's toasts from the top of the window: below the header and navigation (the top of <main>), at least 1 rem. */
function useAbstandOben(aktiv: boolean): number {
  const [oben, setOben] = useState(16);
  useLayoutEffect(() => {
    if (!aktiv) return;
    const messen = () => {
      const main = document.querySelector('main');
      setOben(Math.max(16, Math.round(main ? main.getBoundingClientRect().top : 0) + 8));
    };
    messen();
    window.addEventListener('scroll', messen, { passive: true });
    window.addEventListener('resize', messen);
    return () => {
      window.removeEventListener('scroll', messen);
      window.removeEventListener('resize', messen);
    };
  }, [aktiv]);
  return oben;
}

/**
 * The one place toasts appear: a polite live region; error toasts are role=alert. On the page
 * top right below the header and the navigation — never at the bottom, where a form's
 * 'Speichern' sits (issue 28: an error toast there paused under the mouse and blocked the
 * retry), never on the header's Profil and Abmelden; above a dialog top right, so they never
 * cover its buttons (a refusal must not hide the button that sends the corrected input). A
 * form's validation errors are no toast: they appear in the form (components/akte/Fehleruebersicht). The page has one (`<Toasts />`) and every open Dialog one (`<Toasts dialog={id} />`);
 * only the topmost shows the toasts, so they appear above a modal dialog and can be read and
 * closed there. Each region stays mounted
 * while its place exists, so a toast added to it is announced.
 */
export function Toasts({ dialog = null }: { dialog?: string | null }) {
  const alle = useToasts();
  const toasts = useObersterDialog() === dialog ? alle : [];
  const oben = useAbstandOben(dialog === null && toasts.length > 0);
  return (
    <div
      aria-live="polite"
      aria-label="Benachrichtigungen"
      role="region"
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 sm:left-auto sm:w-full sm:max-w-sm"
      style={dialog === null ? { top: oben } : undefined}
    >
      <ul className="flex flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} imDialog={dialog !== null} />
        ))}
      </ul>
    </div>
  );
}
