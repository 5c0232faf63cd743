import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZeilenEditor } from './ZeilenEditor';

describe('ZeilenEditor', () => {
  it('shows a cell the server sets read-only, a stored day as TT.MM.JJJJ (issue 28)', () => {
    render(
      <ZeilenEditor
        titel="Planung"
        prefix="planungen"
        zeilen={[{ massnahme: 'Erweiterung', geaendertAm: '2026-11-26', geaendertVon: 'Michael Wagner' }]}
        neu={{ massnahme: '', geaendertAm: '', geaendertVon: '' }}
        onChange={vi.fn()}
        spalten={[
          { key: 'massnahme', label: 'Maßnahme' },
          { key: 'geaendertAm', label: 'Geändert am', nurLesen: true },
          { key: 'geaendertVon', label: 'Geändert von', nurLesen: true },
        ]}
      />,
    );
    expect(screen.getByLabelText('Geändert am 1')).toHaveValue('26.11.2026');
    expect(screen.getByLabelText('Geändert am 1')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Geändert von 1')).toHaveValue('Michael Wagner');
    expect(screen.getByLabelText('Maßnahme 1')).not.toHaveAttribute('readonly');
  });
});
