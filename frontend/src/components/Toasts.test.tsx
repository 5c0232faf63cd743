import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, toast } from '@/lib/toast';
import { Dialog } from './Dialog';
import { Toasts } from './Toasts';

afterEach(() => act(() => clearToasts()));

describe('Toasts', () => {
  it('a new toast replaces the visible one', () => {
    render(<Toasts />);
    act(() => void toast.success('Betrieb erfolgreich gespeichert'));
    act(() => void toast.error('Fehler beim Speichern'));
    const region = screen.getByRole('region', { name: 'Benachrichtigungen' });
    expect(region.querySelectorAll('li')).toHaveLength(1);
    expect(region).toHaveTextContent('Fehler beim Speichern');
  });

  it('appear inside the open modal dialog, and on the page again once it is closed', () => {
    const seite = (offen: boolean) => (
      <>
        <Toasts />
        <Dialog open={offen} onClose={() => {}} title="Historisierung">
          <p>Inhalt</p>
        </Dialog>
      </>
    );
    const { rerender } = render(seite(true));
    act(() => void toast.warning('Validierung fehlgeschlagen: Pflichtfeld'));
    const dialog = screen.getByRole('dialog', { name: 'Historisierung' });
    expect(dialog).toHaveTextContent('Validierung fehlgeschlagen: Pflichtfeld');
    const regionen = screen.getAllByRole('region', { name: 'Benachrichtigungen', hidden: true });
    expect(regionen.filter((r) => !dialog.contains(r))[0]).not.toHaveTextContent('Validierung');

    rerender(seite(false));
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toHaveTextContent('Validierung fehlgeschlagen: Pflichtfeld');
  });

  it("a save's result takes the focus, also after the dialog it was saved from closes; other toasts do not", () => {
    const seite = (offen: boolean) => (
      <>
        <button type="button">Speichern</button>
        <Toasts />
        <Dialog open={offen} onClose={() => {}} title="Historisierung">
          <button type="button">Historisieren</button>
        </Dialog>
      </>
    );
    const { rerender } = render(seite(false));
    screen.getByRole('button', { name: 'Speichern' }).focus();
    act(() => void toast.info('Hinweis'));
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveFocus();

    rerender(seite(true));
    act(() => void toast.ergebnis('success', 'Anlage erfolgreich gespeichert'));
    // the dialog closes after the save and gives the focus back to 'Speichern': the result takes it
    rerender(seite(false));
    expect(screen.getByText('Anlage erfolgreich gespeichert').closest('li')).toHaveFocus();
  });
});
