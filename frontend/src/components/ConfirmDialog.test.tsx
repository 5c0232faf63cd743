import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteConfirmDialog, deleteConfirmOptions, useConfirm } from './ConfirmDialog';

describe('DeleteConfirmDialog', () => {
  it('asks the spec question with Löschen / Abbrechen', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<DeleteConfirmDialog open was="die Datei „Plan.pdf“" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Sind Sie sicher, dass Sie die Datei „Plan.pdf“ löschen möchten?');
    // focus starts on the harmless choice
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('useConfirm + Dialog', () => {
  function Page({ onResult }: { onResult: (ok: boolean) => void }) {
    const [confirm, dialog] = useConfirm();
    const [count, setCount] = useState(0);
    return (
      <>
        <button
          type="button"
          onClick={async () => {
            const ok = await confirm(deleteConfirmOptions('den Eintrag'));
            onResult(ok);
            setCount((c) => c + 1);
          }}
        >
          Eintrag löschen
        </button>
        <span>{count}</span>
        {dialog}
      </>
    );
  }

  it('resolves true on Löschen, false on Escape, and gives the focus back', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    render(<Page onResult={onResult} />);
    const opener = screen.getByRole('button', { name: 'Eintrag löschen' });

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onResult).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(opener);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    // the native dialog turns Escape into a cancel event
    screen.getByRole('alertdialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onResult).toHaveBeenLastCalledWith(false);
    expect(opener).toHaveFocus();
  });
});
