import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { auditVerletzung, pruefeAuditEingabe, useHistorisierung, type AuditInfo, type HistorisierungOptions } from './Historisierung';

const HEUTE = new Date(2025, 2, 10, 12, 0); // 10.03.2025

const verstoss = (art: string, message: string, feld?: string) =>
  new ApiError(400, message, {
    body: { message, auditInfoViolation: art },
    validationErrors: feld ? { [feld]: message } : undefined,
  });

function Formular(props: Omit<HistorisierungOptions, 'heute'>) {
  const h = useHistorisierung({ ...props, heute: () => HEUTE });
  return (
    <>
      <button type="button" onClick={() => void h.speichern()}>
        Organisation speichern
      </button>
      {h.dialog}
    </>
  );
}

describe('audit dialog', () => {
  it('asks, takes date and reason, and asks to overwrite the same day (spec 000 §4, three steps)', async () => {
    const user = userEvent.setup();
    const gesendet: (AuditInfo | undefined)[] = [];
    const antworten = [
      verstoss('MISSING', 'Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund.'),
      verstoss(
        'SUCCEEDING_PRESENT',
        'Eine Historisierung kann nicht rückwirkend, sondern immer nur aufbauend auf dem Enddatum des zeitlich letzten Eintrages erfolgen.',
        'auditInfo.gueltigAb',
      ),
      verstoss('SAME_DATE_PRESENT', 'Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?', 'auditInfo.gueltigAb'),
      null,
    ];
    const speichern = vi.fn(async (ai: AuditInfo | undefined) => {
      gesendet.push(ai);
      const a = antworten.shift();
      if (a) throw a;
    });
    const onGespeichert = vi.fn();
    const onFehler = vi.fn();
    render(<Formular speichern={speichern} onGespeichert={onGespeichert} onFehler={onFehler} verwerfen={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Organisation speichern' }));
    // step 1: the question
    const frage = await screen.findByRole('dialog', { name: 'Historisierung' });
    expect(frage).toHaveTextContent('Möchten Sie die Änderung historisieren?');
    expect(within(frage).getByRole('listitem', { current: 'step' })).toHaveTextContent('1. Historisieren?');
    await user.click(within(frage).getByRole('button', { name: 'Historisieren' }));

    // step 2, in the same dialog: date (today by default) and reason
    const schritt2 = screen.getByRole('dialog', { name: 'Historisierung' });
    expect(schritt2).toBe(frage);
    expect(within(schritt2).getByRole('listitem', { current: 'step' })).toHaveTextContent('2. Gültig ab und Änderungsgrund');
    const datum = within(schritt2).getByLabelText(/Gültig ab/);
    expect(datum).toHaveValue('10.03.2025');
    expect(datum).toHaveFocus();
    await user.clear(datum);
    await user.type(datum, '11.03.2025');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));
    expect(datum).toHaveAccessibleDescription(/'Gültig ab' darf nicht in der Zukunft liegen\./);
    expect(within(schritt2).getByLabelText(/Änderungsgrund/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(speichern).toHaveBeenCalledTimes(1);

    await user.clear(datum);
    await user.type(datum, '01.03.2025');
    await user.type(within(schritt2).getByLabelText(/Änderungsgrund/), 'Umzug');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));
    // the server's rule about the history comes back to the date
    expect(await within(schritt2).findByText(/kann nicht rückwirkend/)).toBeInTheDocument();
    expect(gesendet[1]).toEqual({ gueltigAb: '2025-03-01', aenderungsgrund: 'Umzug' });

    await user.clear(datum);
    await user.type(datum, '10.03.2025');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));

    // step 3, still the same dialog: overwrite the entry of that day; 'Zurück' has the focus
    const schritt3 = await within(frage).findByRole('region', { name: 'Historie überschreiben' });
    expect(schritt3).toHaveTextContent('Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?');
    expect(within(frage).getByRole('button', { name: 'Zurück' })).toHaveFocus();
    await user.click(within(frage).getByRole('button', { name: 'Überschreiben' }));

    await vi.waitFor(() => expect(onGespeichert).toHaveBeenCalledTimes(1));
    expect(gesendet[3]).toEqual({ gueltigAb: '2025-03-10', aenderungsgrund: 'Umzug', ueberschreiben: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onFehler).not.toHaveBeenCalled();
  });

  it("'Änderungen verwerfen' in step 1 lets the caller reload; other errors go to the form", async () => {
    const user = userEvent.setup();
    const verwerfen = vi.fn();
    const onFehler = vi.fn();
    const konflikt = new ApiError(409, 'Die Daten wurden inzwischen geändert.');
    const speichern = vi
      .fn<(ai: AuditInfo | undefined) => Promise<void>>()
      .mockRejectedValueOnce(verstoss('MISSING', 'fehlt'))
      .mockRejectedValueOnce(konflikt);
    render(<Formular speichern={speichern} onFehler={onFehler} verwerfen={verwerfen} />);
    await user.click(screen.getByRole('button', { name: 'Organisation speichern' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Änderungen verwerfen' }));
    expect(verwerfen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Organisation speichern' }));
    await vi.waitFor(() => expect(onFehler).toHaveBeenCalledWith(konflikt));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('knows the violation member and checks the date step', () => {
    expect(auditVerletzung(verstoss('SAME_DATE_PRESENT', 'x'))).toBe('SAME_DATE_PRESENT');
    expect(auditVerletzung(new ApiError(400, 'x', { body: { auditInfoViolation: 'ANDERS' } }))).toBeNull();
    expect(auditVerletzung(new Error('x'))).toBeNull();
    expect(pruefeAuditEingabe('10.03.2025', 'Grund', HEUTE)).toEqual({});
    expect(pruefeAuditEingabe('31.02.2025', 'Grund', HEUTE)).toEqual({ gueltigAb: 'Ungültiges Datumsformat' });
    expect(pruefeAuditEingabe('', ' ', HEUTE)).toEqual({
      gueltigAb: 'Dieses Feld ist ein Pflichtfeld.',
      aenderungsgrund: 'Dieses Feld ist ein Pflichtfeld.',
    });
  });
});
