import { useSyncExternalStore } from 'react';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Optional second line, e.g. the server's message. */
  detail?: string;
  /**
   * The result of the user's action (a save): the toast takes the focus, so the keyboard and
   * the screen reader are where the result is and not on <body> (issue 28, item 9).
   */
  fokus?: boolean;
}

/** How long a toast stays before it goes by itself. */
export const TOAST_DURATION_MS = 6000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * Shows a toast in place of the one visible: the newest message is the one that counts, and a
 * pile of toasts would cover the page. A toast identical to the visible one is not shown again.
 */
export function showToast(kind: ToastKind, message: string, detail?: string, fokus?: boolean): number {
  const same = toasts.find((t) => t.kind === kind && t.message === message && t.detail === (detail || undefined));
  if (same && (!fokus || same.fokus)) return same.id;
  const toast: Toast = { id: nextId++, kind, message, detail: detail || undefined, ...(fokus ? { fokus } : {}) };
  toasts = [toast];
  emit();
  return toast.id;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toast = {
  error: (message: string, detail?: string) => showToast('error', message, detail),
  warning: (message: string, detail?: string) => showToast('warning', message, detail),
  success: (message: string, detail?: string) => showToast('success', message, detail),
  info: (message: string, detail?: string) => showToast('info', message, detail),
  /** The result of a save (or of discarding it): shown and focused (Toast.fokus). */
  ergebnis: (kind: 'success' | 'info', message: string) => showToast(kind, message, undefined, true),
};

/** The page's toast has taken the focus: a later mount (after a dialog) does not take it again. */
export function fokusGenommen(id: number): void {
  if (!toasts.some((t) => t.id === id && t.fokus)) return;
  toasts = toasts.map((t) => (t.id === id ? { ...t, fokus: false } : t));
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function getToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

// Where toasts appear. A modal <dialog> lies in the browser's top layer above everything and
// makes the page behind it inert, so a toast in the page would be hidden and unreadable; every
// open Dialog registers here and the topmost one shows the toasts (components/Toasts).
let dialoge: string[] = [];
const ortListeners = new Set<() => void>();

/** A modal dialog opened (call in its effect); toasts move into it. */
export function dialogGeoeffnet(id: string): void {
  dialoge = [...dialoge.filter((d) => d !== id), id];
  for (const l of ortListeners) l();
}

/** The dialog closed; toasts go back to the dialog below or the page. */
export function dialogGeschlossen(id: string): void {
  if (!dialoge.includes(id)) return;
  dialoge = dialoge.filter((d) => d !== id);
  for (const l of ortListeners) l();
}

const obersterDialog = () => dialoge[dialoge.length - 1] ?? null;

/** The id of the topmost open dialog, null when none is open. */
export function useObersterDialog(): string | null {
  return useSyncExternalStore(
    (l) => {
      ortListeners.add(l);
      return () => {
        ortListeners.delete(l);
      };
    },
    obersterDialog,
    obersterDialog,
  );
}
