import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AntragPruefung } from './AntragPruefung';

const zeilen = [
  { feld: 'bezeichnung', bezeichnung: 'Bezeichnung', aktuell: 'Kläranlage Nord', beantragt: 'Kläranlage Nord-Ost' },
  { feld: 'aufKAGelaende', bezeichnung: 'Auf KA-Gelände', aktuell: 'Nein', beantragt: 'Nein' },
  { feld: 'tegAbschluss', bezeichnung: 'TEG-Abschluss', aktuell: 'Nein', beantragt: 'Ja' },
];

describe('AntragPruefung', () => {
  it('lists only changed fields and refuses the whole application only with a reason per field and after the confirmation', async () => {
    const user = userEvent.setup();
    const ablehnen = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(
      <AntragPruefung
        titel="Änderungsantrag prüfen"
        antrag={{ gestelltAm: '2026-11-20', kommentar: 'Umbau' }}
        keinAntrag="Kein Antrag"
        zeilen={zeilen}
        uebernehmen={vi.fn()}
        ablehnen={ablehnen}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Änderungsantrag prüfen' });
    const tabelle = within(dialog).getByRole('table', { name: 'Beantragte Änderungen' });
    expect(within(tabelle).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Feld',
      'Aktueller Wert',
      'Beantragter Wert',
      'Übernehmen',
      'Begründung der Ablehnung',
    ]);
    expect(within(tabelle).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Bezeichnung', 'TEG-Abschluss']);

    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    const grund = within(dialog).getByRole('textbox', { name: 'Begründung zu Bezeichnung' });
    expect(grund).toHaveAccessibleDescription('Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird.');
    expect(grund).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Begründung zu TEG-Abschluss' })).toHaveAccessibleDescription(
      'Bitte begründen Sie, warum „TEG-Abschluss“ nicht übernommen wird.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(grund, 'Name bleibt');
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung zu TEG-Abschluss' }), 'Nachweis fehlt');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    const frage = await screen.findByRole('alertdialog', { name: 'Ablehnung bestätigen' });
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(ablehnen).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Ablehnung bestätigen' })).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ablehnen).toHaveBeenCalledWith({ bezeichnung: 'Name bleibt', tegAbschluss: 'Nachweis fehlt' });
  });
});
