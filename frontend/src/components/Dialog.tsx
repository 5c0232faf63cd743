import { useEffect, useId, useRef, type ReactNode } from 'react';
import { dialogGeoeffnet, dialogGeschlossen } from '@/lib/toast';
import { SchreibrechteKontext } from './akte/Schreibrechte';
import { Toasts } from './Toasts';

export interface DialogProps {
  open: boolean;
  /** Escape, the close button or the caller's cancel action. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** Width in px (the spec's dialogs are about 400 to 700 px wide). */
  width?: number;
  /** role=alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that gets the focus on open (default: first focusable in the body). */
  initialFocusId?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog: native <dialog> with showModal() (the page behind is inert),
 * labelled by its title, Escape closes, focus goes back to where it was on close.
 */
export function Dialog({ open, onClose, title, children, footer, width = 600, role = 'dialog', initialFocusId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialogGeoeffnet(titleId);
    const initial =
      (initialFocusId ? document.getElementById(initialFocusId) : null) ??
      dialog.querySelector('[data-dialog-body]')?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector('[data-dialog-footer]')?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    initial?.focus();
    return () => {
      dialogGeschlossen(titleId);
      if (dialog.open) dialog.close();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, initialFocusId, titleId]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      style={{ width: `min(${width}px, calc(100vw - 2rem))` }}
      className="m-auto rounded-md border border-gray-300 p-0 shadow-xl backdrop:bg-black/40"
      onCancel={(e) => {
        // Escape: React state decides whether the dialog is open
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        // keep Tab inside the dialog (the native modal would let it reach the browser UI)
        const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          className="rounded px-2 text-xl leading-none hover:bg-gray-100"
          aria-label="Dialog schließen"
          onClick={() => onCloseRef.current()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {/* a dialog is a form of its own: the per-field locks of the screen behind it do not reach it
          (the screen locks the button that opens it) */}
      <SchreibrechteKontext.Provider value={null}>
        <div data-dialog-body className="px-5 py-4">
          {children}
        </div>
      {footer && (
        <div data-dialog-footer className="flex justify-end gap-2 border-t border-gray-200 px-5 py-3">
          {footer}
        </div>
      )}
      <Toasts dialog={titleId} />
      </SchreibrechteKontext.Provider>
    </dialog>
  );
}
