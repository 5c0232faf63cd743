import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button (delete, discard). */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  width?: number;
}

/** A yes/no question in the one Dialog. The focus starts on the cancel button. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Abbrechen',
  destructive = false,
  onConfirm,
  onCancel,
  width = 480,
}: ConfirmDialogProps) {
  const cancelId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      width={width}
      initialFocusId={cancelId}
      footer={
        <>
          <Button id={cancelId} variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div>{message}</div>
    </Dialog>
  );
}

// Verbatim texts of spec 000 §2 "Shared screens and dialogs".
export const DELETE_CONFIRM_TITLE = 'Löschen bestätigen';
export const deleteConfirmMessage = (was: string) => `Sind Sie sicher, dass Sie ${was} löschen möchten?`;

export interface DeleteConfirmDialogProps {
  open: boolean;
  /** What is deleted, as it reads in the sentence: 'die Datei „Plan.pdf“'. */
  was: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Löschen bestätigen' – 'Sind Sie sicher, dass Sie … löschen möchten?' – Löschen / Abbrechen. */
export function DeleteConfirmDialog({ open, was, onConfirm, onCancel }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={DELETE_CONFIRM_TITLE}
      message={deleteConfirmMessage(was)}
      confirmLabel="Löschen"
      cancelLabel="Abbrechen"
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>;

/**
 * Promise-style confirmation: `const [confirm, dialog] = useConfirm();` render {dialog},
 * then `if (await confirm(deleteConfirmOptions('die Datei'))) …`.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((opts: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(opts);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = options ? (
    <ConfirmDialog open {...options} onConfirm={() => finish(true)} onCancel={() => finish(false)} />
  ) : null;

  return [confirm, dialog];
}

/** Options for useConfirm() that ask the delete question. */
export function deleteConfirmOptions(was: string): ConfirmOptions {
  return {
    title: DELETE_CONFIRM_TITLE,
    message: deleteConfirmMessage(was),
    confirmLabel: 'Löschen',
    cancelLabel: 'Abbrechen',
    destructive: true,
  };
}
