import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Datumsfeld } from './Datumsfeld';

function Feld({ start = '', bis }: { start?: string; bis?: string }) {
  const [wert, setWert] = useState(start);
  return (
    <>
      <Datumsfeld label="Gültig ab" name="gueltigAb" required value={wert} onChange={setWert} bis={bis} />
      <output aria-label="Wert">{wert}</output>
    </>
  );
}

describe('Datumsfeld', () => {
  it('accepts a typed date and tidies it when leaving the field', async () => {
    const user = userEvent.setup();
    render(<Feld />);
    const feld = screen.getByLabelText(/^Gültig ab/);
    expect(feld).toHaveAttribute('aria-required', 'true');
    expect(feld).toHaveAccessibleDescription('TT.MM.JJJJ');
    await user.type(feld, '1.3.2025');
    await user.tab();
    expect(feld).toHaveValue('01.03.2025');
  });

  it('offers a German calendar; a chosen day fills the field and the focus returns to the button', async () => {
    const user = userEvent.setup();
    render(<Feld start="10.03.2025" bis="2025-03-12" />);
    const knopf = screen.getByRole('button', { name: 'Kalender öffnen' });
    expect(knopf).toHaveAccessibleDescription('Gültig ab');
    await user.click(knopf);
    const kalender = await screen.findByRole('dialog', { name: 'Kalender: Gültig ab' });
    expect(knopf).toHaveAttribute('aria-expanded', 'true');
    expect(within(kalender).getByRole('grid')).toHaveAccessibleName(/März 2025/);
    // days after 'bis' cannot be chosen
    expect(within(kalender).getByRole('button', { name: /13\. März 2025/ })).toBeDisabled();
    await user.click(within(kalender).getByRole('button', { name: /(^|\s)4\. März 2025/ }));
    expect(screen.getByLabelText(/^Gültig ab/)).toHaveValue('04.03.2025');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(knopf).toHaveFocus();
  });

  it('Escape closes the calendar and keeps the date', async () => {
    const user = userEvent.setup();
    render(<Feld start="10.03.2025" />);
    await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    await screen.findByRole('dialog', { name: 'Kalender: Gültig ab' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Gültig ab/)).toHaveValue('10.03.2025');
  });
});
