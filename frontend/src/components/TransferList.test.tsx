import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LISTENHOEHE, TransferList, ZEILENHOEHE } from './TransferList';

const ROLLEN = [
  { id: 1, label: 'Regionalstelle Koblenz' },
  { id: 2, label: 'Regionalstelle Trier' },
  { id: 3, label: 'Kreis Mayen-Koblenz' },
];

function Formular({ start = [] as number[], error }: { start?: number[]; error?: string }) {
  const [value, setValue] = useState<number[]>(start);
  return (
    <>
      <TransferList<number> label="Lokale Rollen" items={ROLLEN} value={value} onChange={setValue} error={error} />
      <output data-testid="wert">{value.join(',')}</output>
    </>
  );
}

const links = () => screen.getByRole('listbox', { name: /Verfügbar/ });
const rechts = () => screen.getByRole('listbox', { name: /Zugeordnet/ });
const namen = (liste: HTMLElement) => within(liste).queryAllByRole('option').map((o) => o.textContent);

describe('TransferList', () => {
  it('shows two lists of 300 px with rows of 30 px', () => {
    render(<Formular start={[2]} />);
    expect(screen.getByRole('group', { name: 'Lokale Rollen' })).toBeInTheDocument();
    expect(links()).toHaveStyle({ height: `${LISTENHOEHE}px` });
    expect(within(links()).getAllByRole('option')[0]).toHaveStyle({ height: `${ZEILENHOEHE}px` });
    expect(namen(links())).toEqual(['Regionalstelle Koblenz', 'Kreis Mayen-Koblenz']);
    expect(namen(rechts())).toEqual(['Regionalstelle Trier']);
  });

  it('is operable by keyboard: arrows move, Space marks, Enter moves the marked entries', async () => {
    const user = userEvent.setup();
    render(<Formular />);
    await user.tab();
    expect(links()).toHaveFocus();
    // the first option is active on focus
    const erste = within(links()).getByRole('option', { name: 'Regionalstelle Koblenz' });
    expect(links()).toHaveAttribute('aria-activedescendant', erste.id);

    await user.keyboard('{ArrowDown}');
    const zweite = within(links()).getByRole('option', { name: 'Regionalstelle Trier' });
    expect(links()).toHaveAttribute('aria-activedescendant', zweite.id);
    await user.keyboard(' ');
    expect(zweite).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('wert')).toHaveTextContent('2,3');
    expect(namen(links())).toEqual(['Regionalstelle Koblenz']);
    expect(namen(rechts())).toEqual(['Regionalstelle Trier', 'Kreis Mayen-Koblenz']);

    // Enter without a mark moves the active entry; from the right list back to the left
    await user.tab(); // to the buttons
    rechts().focus();
    await user.keyboard('{Home}{Enter}');
    expect(screen.getByTestId('wert')).toHaveTextContent('3');
    expect(namen(links())).toEqual(['Regionalstelle Koblenz', 'Regionalstelle Trier']);
  });

  it('moves marked or all entries with the buttons', async () => {
    const user = userEvent.setup();
    render(<Formular />);
    expect(screen.getByRole('button', { name: 'Markierte zuordnen' })).toBeDisabled();
    await user.click(within(links()).getByRole('option', { name: 'Kreis Mayen-Koblenz' }));
    await user.click(screen.getByRole('button', { name: 'Markierte zuordnen' }));
    expect(screen.getByTestId('wert')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Alle zuordnen' }));
    expect(screen.getByTestId('wert')).toHaveTextContent('3,1,2');
    // the assigned list keeps the order of the items
    expect(namen(rechts())).toEqual(['Regionalstelle Koblenz', 'Regionalstelle Trier', 'Kreis Mayen-Koblenz']);
    await user.click(screen.getByRole('button', { name: 'Alle entfernen' }));
    expect(screen.getByTestId('wert')).toHaveTextContent('');
    await user.dblClick(within(links()).getByRole('option', { name: 'Regionalstelle Trier' }));
    expect(screen.getByTestId('wert')).toHaveTextContent('2');
  });

  it('links an error to both lists', () => {
    render(<Formular error="Ein Behoerdenanwender benoetigt mindestens eine lokale Rolle, welche die Dienststelle repraesentiert." />);
    for (const l of [links(), rechts()]) {
      expect(l).toHaveAttribute('aria-invalid', 'true');
      expect(l).toHaveAccessibleDescription(/Dienststelle/);
    }
  });
});
