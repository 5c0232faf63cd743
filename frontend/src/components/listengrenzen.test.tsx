import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Aenderungen } from '@/components/Verlauf';
import { ZeilenEditor } from '@/components/ZeilenEditor';
import { ANZAHLEN, maxAnzahl, STANDARD_ANZAHL, zuViele } from '@/lib/laengen';

describe('the table of list sizes', () => {
  it("mirrors the server's maximum number of entries and its message", () => {
    expect(STANDARD_ANZAHL).toBe(100);
    expect(ANZAHLEN).toMatchObject({ entsorgungsraeume: 500 });
    expect(maxAnzahl('entsorgungsraum.entsorgungsraeume')).toBe(500);
    expect(maxAnzahl('planungen')).toBe(STANDARD_ANZAHL);
    expect(zuViele(100)).toBe('Max. 100 Einträge erlaubt');
  });
});

type Zeile = { massnahme: string };

function Planungen({ anzahl }: { anzahl: number }) {
  const [zeilen, setZeilen] = useState<Zeile[]>(Array.from({ length: anzahl }, (_, i) => ({ massnahme: `M ${i}` })));
  return (
    <ZeilenEditor<Zeile>
      titel="Planungen"
      prefix="planungen"
      zeilen={zeilen}
      spalten={[{ key: 'massnahme', label: 'Maßnahme' }]}
      onChange={setZeilen}
      neu={{ massnahme: '' }}
    />
  );
}

describe('a list editor', () => {
  it('stops offering "add" at the maximum and says why', async () => {
    render(<Planungen anzahl={STANDARD_ANZAHL - 1} />);
    const knopf = screen.getByRole('button', { name: 'Planungen: Zeile hinzufügen' });
    expect(knopf).toBeEnabled();
    expect(screen.queryByText(zuViele(STANDARD_ANZAHL))).toBeNull();
    await userEvent.click(knopf);
    expect(knopf).toBeDisabled();
    expect(knopf).toHaveAccessibleDescription(zuViele(STANDARD_ANZAHL));
  });
});

describe('a Verlauf step the server bounded', () => {
  it('says how many changes it does not list', () => {
    render(
      <Aenderungen
        eintrag={{ zusammenfassung: 'Anlage geändert', aenderungen: [{ feld: 'planungen[0].massnahme', bezeichnung: 'Planung 1 › Maßnahme', alt: '', neu: 'Rechen' }], weitereAenderungen: 2900 }}
      />,
    );
    expect(screen.getByText('… 2.900 weitere Änderungen, hier nicht einzeln angezeigt')).toBeInTheDocument();
  });
});
