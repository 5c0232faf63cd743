import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatDate, isoDateFromGerman } from '@/lib/format';
import { Datumsfeld, DatumEingabe } from './Datumsfeld';
import { ZeilenEditor } from './ZeilenEditor';

function Feld({ start = '', bis }: { start?: string; bis?: string }) {
  const [wert, setWert] = useState(start);
  return (
    <>
      <Datumsfeld label="Gültig ab" name="gueltigAb" required value={wert} onChange={setWert} bis={bis} />
      <output aria-label="Wert">{wert}</output>
    </>
  );
}

/** A form that stores a whole day as yyyy-MM-dd (as the Bescheid's Ablaufdatum): the preset is the open end. */
function TagImFormular({ start = '3000-01-01' }: { start?: string }) {
  const [wert, setWert] = useState(start);
  return (
    <>
      <Datumsfeld label="Ablaufdatum" name="ablaufdatum" value={/^\d{4}-\d{2}-\d{2}$/.test(wert) ? formatDate(wert) : wert} onChange={(v) => setWert(isoDateFromGerman(v) ?? v)} />
      <output aria-label="Gespeichert">{wert}</output>
    </>
  );
}

/** A grid (the Anforderungen' row editor) with one row whose 'gültig bis' is the open end. */
function TagImRaster() {
  const [zeilen, setZeilen] = useState([{ gueltigBis: '3000-01-01' }]);
  return (
    <>
      <ZeilenEditor titel="Festlegungen" prefix="festlegungen" zeilen={zeilen} neu={{ gueltigBis: '3000-01-01' }} onChange={setZeilen} spalten={[{ key: 'gueltigBis', label: 'gültig bis', typ: 'datum', pflicht: true }]} />
      <output aria-label="Gespeichert">{zeilen[0]?.gueltigBis}</output>
    </>
  );
}

describe('typing over preset dates in every kind of date field (issue 43)', () => {
  const arten = [
    { art: 'a form field', Ansicht: TagImFormular, feld: /^Ablaufdatum/ },
    { art: 'a grid cell', Ansicht: TagImRaster, feld: 'gültig bis 1' },
  ];

  it.each(arten)('$art: Ctrl+A and typing replaces the whole preset, first digit included', async ({ Ansicht, feld }) => {
    const user = userEvent.setup();
    render(<Ansicht />);
    const eingabe = screen.getByLabelText(feld);
    expect(eingabe).toHaveValue('01.01.3000');
    await user.click(eingabe);
    await user.keyboard('{Control>}a{/Control}31.12.2036');
    expect(eingabe).toHaveValue('31.12.2036');
    expect(screen.getByLabelText('Gespeichert')).toHaveTextContent('2036-12-31');
  });

  it.each(arten)('$art: a triple click and typing replaces the whole preset', async ({ Ansicht, feld }) => {
    const user = userEvent.setup();
    render(<Ansicht />);
    const eingabe = screen.getByLabelText(feld);
    await user.tripleClick(eingabe);
    await user.keyboard('15.06.2036');
    expect(eingabe).toHaveValue('15.06.2036');
    expect(screen.getByLabelText('Gespeichert')).toHaveTextContent('2036-06-15');
  });

  it.each(arten)('$art: a paste over the selection replaces the preset', async ({ Ansicht, feld }) => {
    const user = userEvent.setup();
    render(<Ansicht />);
    const eingabe = screen.getByLabelText(feld);
    await user.tripleClick(eingabe);
    await user.paste('20.02.2030');
    expect(eingabe).toHaveValue('20.02.2030');
    expect(screen.getByLabelText('Gespeichert')).toHaveTextContent('2030-02-20');
  });

  it.each(arten)('$art: shows the text as typed while the day is the same, tidied only when left; a partial date stays what was typed', async ({ Ansicht, feld }) => {
    const user = userEvent.setup();
    render(<Ansicht />);
    const eingabe = screen.getByLabelText(feld);
    await user.tripleClick(eingabe);
    await user.keyboard('1.3.2025');
    // the caller stored the day and hands it back as 01.03.2025: the field does not rewrite the keys under the cursor
    expect(eingabe).toHaveValue('1.3.2025');
    expect(screen.getByLabelText('Gespeichert')).toHaveTextContent('2025-03-01');
    await user.tab();
    expect(eingabe).toHaveValue('01.03.2025');
    // half a date is kept as typed, for the form's check to refuse ('Ungültiges Datumsformat')
    await user.tripleClick(eingabe);
    await user.keyboard('31.12.203');
    expect(eingabe).toHaveValue('31.12.203');
    expect(screen.getByLabelText('Gespeichert')).toHaveTextContent(/^31\.12\.203$/);
  });

  it.each(arten)('$art: no maxlength for the browser to cut typed text by, and never narrower than a whole date', ({ Ansicht, feld }) => {
    // Chromium trimmed a key typed over a selection in the squeezed grid cell to nothing
    // (maxlength with the selection counted by its rendered part); the check refuses a long text instead.
    render(<Ansicht />);
    const eingabe = screen.getByLabelText(feld);
    expect(eingabe).not.toHaveAttribute('maxlength');
    expect(eingabe).toHaveClass('min-w-28');
  });

  it('a month (a measured-value template MM.JJJJ) is kept as typed, without a calendar', async () => {
    const user = userEvent.setup();
    function Monat() {
      const [wert, setWert] = useState('01.2024');
      return <DatumEingabe label="Datum Zeile 1" aria-label="Datum Zeile 1" format="MM.JJJJ" value={wert} onChange={setWert} />;
    }
    render(<Monat />);
    const eingabe = screen.getByLabelText('Datum Zeile 1');
    await user.tripleClick(eingabe);
    await user.keyboard('3.2024');
    await user.tab();
    expect(eingabe).toHaveValue('3.2024');
    expect(screen.queryByRole('button', { name: 'Kalender öffnen' })).not.toBeInTheDocument();
  });
});

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
