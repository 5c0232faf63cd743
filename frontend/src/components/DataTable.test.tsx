import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Eintrag ${String(i + 1).padStart(2, '0')}` }));
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'id', header: 'Nr.' },
  { accessorKey: 'name', header: 'Name' },
];

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');

describe('DataTable, client-side', () => {
  it('pages by 10 and shows the range label', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Liste" columns={columns} data={rows} />);
    expect(screen.getByText('1-10 von 23')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('11-20 von 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('21-23 von 23')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });

  it('changes the page size with the labelled select', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Liste" columns={columns} data={rows} />);
    const select = screen.getByLabelText('Ergebnisse pro Seite:');
    expect(select).toHaveValue('10');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50']);
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await user.selectOptions(select, '25');
    expect(screen.getByText('1-23 von 23')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(23);
  });

  it('shows the empty state', () => {
    render(<DataTable caption="Liste" columns={columns} data={[]} />);
    expect(screen.getByText('Keine Einträge vorhanden')).toBeInTheDocument();
    expect(screen.getByText('0-0 von 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });

  it('sorts by a header and reports it with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Liste" columns={columns} data={rows} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0]).getByText('Eintrag 23')).toBeInTheDocument();
  });

  it('selects rows with checkboxes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Selectable() {
      const [sel, setSel] = useState({});
      return (
        <DataTable
          caption="Liste"
          columns={columns}
          data={rows.slice(0, 3)}
          getRowId={(r) => String(r.id)}
          enableRowSelection
          rowSelection={sel}
          onRowSelectionChange={(u) => {
            const next = typeof u === 'function' ? u(sel) : u;
            onChange(next);
            setSel(next);
          }}
          rowSelectionLabel={(r) => `${r.name} auswählen`}
        />
      );
    }
    render(<Selectable />);
    await user.click(screen.getByRole('checkbox', { name: 'Eintrag 02 auswählen' }));
    expect(onChange).toHaveBeenLastCalledWith({ '2': true });
    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(onChange).toHaveBeenLastCalledWith({ '1': true, '2': true, '3': true });
  });

  it('expands a row to show its detail', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Liste" columns={columns} data={rows.slice(0, 2)} renderDetail={(r) => <p>Detail {r.id}</p>} />);
    expect(screen.queryByText('Detail 1')).not.toBeInTheDocument();
    const [first] = screen.getAllByRole('button', { name: 'Details anzeigen' });
    await user.click(first);
    expect(screen.getByText('Detail 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details ausblenden' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('DataTable, server-side', () => {
  it('shows the total from the server and asks for the next page', async () => {
    const user = userEvent.setup();
    const requested: PaginationState[] = [];
    function Server() {
      const [p, setP] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
      requested.push(p);
      const page = rows.slice(p.pageIndex * p.pageSize, (p.pageIndex + 1) * p.pageSize);
      return <DataTable caption="Liste" columns={columns} data={page} manual rowCount={123} pagination={p} onPaginationChange={setP} />;
    }
    render(<Server />);
    expect(screen.getByText('1-10 von 123')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('11-20 von 123')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Ergebnisse pro Seite:'), '50');
    expect(screen.getByText('1-50 von 123')).toBeInTheDocument();
    expect(requested.at(-1)).toEqual({ pageIndex: 0, pageSize: 50 });
  });
});

describe('DataTable, an empty search under filters', () => {
  it('says how many matches lie outside the filters and offers to drop them', async () => {
    const user = userEvent.setup();
    const aufheben = vi.fn();
    const { rerender } = render(<DataTable caption="Liste" columns={columns} data={[]} manual rowCount={0} ohneFilter={{ anzahl: 2, aufheben }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Keine Einträge vorhanden. Es gibt 2 Treffer außerhalb der gewählten Filter.');
    await user.click(screen.getByRole('button', { name: 'Filter aufheben' }));
    expect(aufheben).toHaveBeenCalledOnce();
    // no matches anywhere, or no count: the plain empty state
    rerender(<DataTable caption="Liste" columns={columns} data={[]} manual rowCount={0} ohneFilter={{ anzahl: 0, aufheben }} />);
    expect(screen.getByText('Keine Einträge vorhanden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter aufheben' })).toBeNull();
  });
});
