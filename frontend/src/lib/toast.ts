import { useSyncExternalStore } from 'react';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Optional second line, e.g. the server's message. */
  detail?: string;
}

/** How long a toast stays before it goes by itself. */
export const TOAST_DURATION_MS = 6000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a toast. A toast identical to one still visible is not shown twice. */
export function showToast(kind: ToastKind, message: string, detail?: string): number {
  const same = toasts.find((t) => t.kind === kind && t.message === message && t.detail === detail);
  if (same) return same.id;
  const toast: Toast = { id: nextId++, kind, message, detail: detail || undefined };
  toasts = [...toasts, toast];
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
};

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
