import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from '@/components/FormField';
import { Fehleruebersicht, feldbezeichnung, feldElement } from './Fehleruebersicht';
import { SchreibrechteKontext } from './Schreibrechte';

const NAMEN = { bezeichnung: 'Bezeichnung', hochwert: 'Hochwert', anlagenteile: 'Anlagenteil', anzahl: 'Anzahl' };
const FEHLER = {
  bezeichnung: 'Dieses Feld ist ein Pflichtfeld.',
  'lage.hochwert': 'Es muss ein positiver Wert angegeben werden!',
  'anlagenteile[0].anzahl': 'Wert darf nicht negativ sein',
  ohneText: undefined,
};

describe('Fehleruebersicht', () => {
  it('lists every error with its field as a link, under the heading, and takes the focus when the form was checked', () => {
    const { rerender } = render(<Fehleruebersicht fehler={FEHLER} feldname={(k) => feldbezeichnung(k, NAMEN)} onFeld={() => {}} fokus={0} />);
    const uebersicht = screen.getByRole('region', { name: 'Validierung fehlgeschlagen' });
    expect(screen.getByRole('heading', { level: 2, name: 'Validierung fehlgeschlagen' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Bezeichnung: Dieses Feld ist ein Pflichtfeld.',
      'Hochwert: Es muss ein positiver Wert angegeben werden!',
      'Anlagenteil 1 › Anzahl: Wert darf nicht negativ sein',
    ]);
    expect(uebersicht).toHaveTextContent('Bitte prüfen Sie diese 3 Angaben:');
    expect(uebersicht).not.toHaveFocus();
    rerender(<Fehleruebersicht fehler={FEHLER} feldname={(k) => feldbezeichnung(k, NAMEN)} onFeld={() => {}} fokus={1} />);
    expect(uebersicht).toHaveFocus();
  });

  it('a link opens its field', async () => {
    const onFeld = vi.fn();
    render(<Fehleruebersicht fehler={FEHLER} feldname={(k) => k} onFeld={onFeld} fokus={1} />);
    await userEvent.click(screen.getByRole('link', { name: /^anlagenteile\[0\]\.anzahl/ }));
    expect(onFeld).toHaveBeenCalledWith('anlagenteile[0].anzahl');
  });

  it('shows nothing without errors', () => {
    const { container } = render(<Fehleruebersicht fehler={{ bezeichnung: undefined }} feldname={(k) => k} onFeld={() => {}} fokus={3} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('finds the control of a key by data-feld, by name or through the name map', () => {
    const { container } = render(
      <div>
        <input name="hochwert" aria-label="Hochwert" />
        <input name="anzahl" data-feld="anlagenteile[0].anzahl" aria-label="Anzahl 1" />
      </div>,
    );
    expect(feldElement(container, 'anlagenteile[0].anzahl')).toBe(screen.getByLabelText('Anzahl 1'));
    expect(feldElement(container, 'lage.hochwert', { hochwert: 'lage.hochwert' })).toBe(screen.getByLabelText('Hochwert'));
  });
});

describe('Schreibrechte', () => {
  function Formular() {
    const [w, setW] = useState('');
    return (
      <SchreibrechteKontext.Provider value={{ felder: ['planungen', 'lage'], hinweis: 'Diese Angabe ändern Sie über einen Änderungsantrag.', schluessel: { hochwert: 'lage.hochwert' } }}>
        <FormField label="Anlagenart">
          <input name="anlagenart" value={w} onChange={(e) => setW(e.target.value)} />
        </FormField>
        <FormField label="Hochwert">
          <input name="hochwert" />
        </FormField>
      </SchreibrechteKontext.Provider>
    );
  }

  it('a field outside the writable fields is disabled with the hint; one inside stays open', () => {
    render(<Formular />);
    expect(screen.getByLabelText('Anlagenart')).toBeDisabled();
    expect(screen.getByLabelText('Anlagenart')).toHaveAccessibleDescription('Diese Angabe ändern Sie über einen Änderungsantrag.');
    expect(screen.getByLabelText('Hochwert')).toBeEnabled();
    expect(screen.getByLabelText('Hochwert')).not.toHaveAccessibleDescription();
  });
});
