import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Tabellenrahmen } from './Tabellenrahmen';

// Verbatim texts of spec 000 §2 "Shared screens and dialogs".
/**
 * The column of a row's actions (id 'aktionen'): on a phone it stays at the right edge while
 * the other columns scroll beneath it, so 'Bearbeiten' and 'Löschen' are always in reach.
 */
const AKTIONEN = 'aktionen';
const HAFTEND = 'max-sm:sticky max-sm:right-0 max-sm:shadow-[-6px_0_6px_-4px_rgba(0,0,0,0.25)]';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_LABEL = 'Ergebnisse pro Seite:';
export const EMPTY_TEXT = 'Keine Einträge vorhanden';
/** The empty state of a search that finds rows only outside the chosen filters (Seite.ohneFilter of the server). */
export const trefferAusserhalb = (n: number) => `Es gibt ${n} Treffer außerhalb der gewählten Filter.`;
export const FILTER_AUFHEBEN = 'Filter aufheben';
export const rangeLabel = (from: number, to: number, count: number) => `${from}-${to} von ${count}`;

export interface DataTableProps<T> {
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  data: T[];
  /** Accessible name of the table (shown as caption unless captionHidden). */
  caption: string;
  captionHidden?: boolean;
  /** Id of the table's box, a skip link's target (the start page's 'Zur Liste springen'). */
  id?: string;
  getRowId?: (row: T, index: number) => string;

  /**
   * Server-side mode: data is one page, rowCount the total; paging and sorting are
   * controlled by the caller (pagination/sorting + on…Change), which loads the page.
   */
  manual?: boolean;
  rowCount?: number;
  pagination?: PaginationState;
  onPaginationChange?: OnChangeFn<PaginationState>;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  /** Page sizes to offer (default 10/25/50); the first page size is 10 unless controlled. */
  pageSizes?: readonly number[];

  isLoading?: boolean;
  emptyText?: string;
  /**
   * A server-side search that is empty under its filters: how many rows it finds without them
   * (the page's ohneFilter) and how to drop the filters. The empty state says so and offers it.
   */
  ohneFilter?: { anzahl: number | undefined; aufheben: () => void };

  /** Checkbox column for row selection. */
  enableRowSelection?: boolean;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Accessible name of a row's checkbox (default 'Zeile auswählen'). */
  rowSelectionLabel?: (row: T) => string;

  /** Expandable rows: the content shown below a row when it is opened. */
  renderDetail?: (row: T) => ReactNode;
  /** Click on a row (besides expanding it). */
  onRowClick?: (row: T) => void;
}

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <span aria-hidden="true" className="ml-1 inline-block w-3 text-xs">
      {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
    </span>
  );
}

/**
 * The one grid of the application (TanStack Table): paging 10/25/50 with
 * 'Ergebnisse pro Seite:' and '{from}-{to} von {count}', sortable headers, optional
 * row selection and expandable rows; client-side or server-side (manual) paging. The table
 * scrolls sideways in its own box (Tabellenrahmen), never the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns: userColumns,
    data,
    caption,
    captionHidden,
    id,
    getRowId,
    manual = false,
    rowCount,
    pageSizes = PAGE_SIZES,
    isLoading = false,
    emptyText = EMPTY_TEXT,
    ohneFilter,
    enableRowSelection = false,
    rowSelectionLabel,
    renderDetail,
    onRowClick,
  } = props;

  const selectId = useId();
  const [innerPagination, setInnerPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : pageSizes[0],
  });
  const [innerSorting, setInnerSorting] = useState<SortingState>([]);
  const [innerSelection, setInnerSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const pagination = props.pagination ?? innerPagination;
  const onPaginationChange = props.onPaginationChange ?? setInnerPagination;
  const sorting = props.sorting ?? innerSorting;
  const onSortingChange = props.onSortingChange ?? setInnerSorting;
  const rowSelection = props.rowSelection ?? innerSelection;
  const onRowSelectionChange = props.onRowSelectionChange ?? setInnerSelection;

  const columns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!enableRowSelection) return userColumns;
    const select: ColumnDef<T, unknown> = {
      id: '__select',
      enableSorting: false,
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Alle auswählen"
          checked={table.getIsAllPageRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomePageRowsSelected();
          }}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={rowSelectionLabel ? rowSelectionLabel(row.original) : 'Zeile auswählen'}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onClick={(e) => e.stopPropagation()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...userColumns];
  }, [enableRowSelection, userColumns, rowSelectionLabel]);

  const table = useReactTable<T>({
    data,
    columns,
    getRowId,
    state: { pagination, sorting, rowSelection },
    onPaginationChange,
    onSortingChange,
    onRowSelectionChange,
    enableRowSelection,
    enableSortingRemoval: false,
    manualPagination: manual,
    manualSorting: manual,
    rowCount: manual ? (rowCount ?? data.length) : undefined,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getPaginationRowModel: manual ? undefined : getPaginationRowModel(),
  });

  const count = manual ? (rowCount ?? data.length) : table.getPrePaginationRowModel().rows.length;
  const { pageIndex, pageSize } = pagination;
  const from = count === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(count, (pageIndex + 1) * pageSize);
  const rows = table.getRowModel().rows;
  const colCount = table.getVisibleLeafColumns().length + (renderDetail ? 1 : 0);

  const toggleExpanded = (row: Row<T>) => setExpanded((e) => ({ ...e, [row.id]: !e[row.id] }));

  return (
    <div className="w-full">
      <Tabellenrahmen label={caption} id={id} className="rounded border border-gray-300">
        <table className="w-full border-collapse text-sm" aria-busy={isLoading || undefined}>
          <caption className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left font-semibold'}>{caption}</caption>
          <thead className="bg-gray-100 text-left">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {renderDetail && (
                  <th scope="col" className="w-10 border-b border-gray-300 px-2 py-2">
                    <span className="sr-only">Details</span>
                  </th>
                )}
                {hg.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`border-b border-gray-300 px-3 py-2 font-semibold ${header.column.id === AKTIONEN ? `bg-gray-100 ${HAFTEND}` : ''}`}
                      aria-sort={
                        canSort ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center rounded hover:underline"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          <SortIcon dir={dir} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={colCount} className="px-3 py-6 text-center text-gray-700">
                  {isLoading ? (
                    'Wird geladen …'
                  ) : ohneFilter?.anzahl ? (
                    <span role="status" className="flex flex-wrap items-center justify-center gap-3">
                      <span>
                        {emptyText}. {trefferAusserhalb(ohneFilter.anzahl)}
                      </span>
                      <Button variant="secondary" className="px-3 py-1" onClick={ohneFilter.aufheben}>
                        {FILTER_AUFHEBEN}
                      </Button>
                    </span>
                  ) : (
                    emptyText
                  )}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const isOpen = !!expanded[row.id];
              const detailId = `${selectId}-detail-${row.id}`;
              const clickable = !!renderDetail || !!onRowClick;
              return (
                <Fragment key={row.id}>
                  <tr
                    className={`border-b border-gray-200 ${row.getIsSelected() ? 'bg-blue-50' : 'odd:bg-white even:bg-gray-50'} ${clickable ? 'cursor-pointer hover:bg-blue-50' : ''}`}
                    onClick={
                      clickable
                        ? () => {
                            if (renderDetail) toggleExpanded(row);
                            onRowClick?.(row.original);
                          }
                        : undefined
                    }
                  >
                    {renderDetail && (
                      <td className="px-2 py-1 align-top">
                        <button
                          type="button"
                          className="rounded px-1"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? detailId : undefined}
                          aria-label={isOpen ? 'Details ausblenden' : 'Details anzeigen'}
                          onClick={(e) => {
                            e.stopPropagation();
                            toggleExpanded(row);
                          }}
                        >
                          <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
                        </button>
                      </td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={`px-3 py-2 align-top ${cell.column.id === AKTIONEN ? `bg-inherit ${HAFTEND}` : ''}`}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                  {renderDetail && isOpen && (
                    <tr id={detailId} className="bg-gray-50">
                      <td colSpan={colCount} className="px-3 py-3">
                        {/* its own box: wide details (the Verlauf's field tables) scroll here, not widen the table */}
                        <Tabellenrahmen label={`Details zu Zeile ${row.index + 1}`}>{renderDetail(row.original)}</Tabellenrahmen>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </Tabellenrahmen>

      <div className="mt-2 flex flex-wrap items-center justify-end gap-4 text-sm">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId}>{PAGE_SIZE_LABEL}</label>
          <select
            id={selectId}
            className="rounded border border-gray-400 bg-white px-2 py-1"
            value={pageSize}
            onChange={(e) => onPaginationChange({ pageIndex: 0, pageSize: Number(e.target.value) })}
          >
            {pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <span data-testid="range-label" aria-live="polite">
          {rangeLabel(from, to, count)}
        </span>
        <div className="flex gap-1">
          <button
            type="button"
            className="rounded border border-gray-400 px-2 py-1 disabled:opacity-40"
            aria-label="Vorherige Seite"
            title="Vorherige Seite"
            disabled={pageIndex === 0}
            onClick={() => onPaginationChange({ pageIndex: Math.max(0, pageIndex - 1), pageSize })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="rounded border border-gray-400 px-2 py-1 disabled:opacity-40"
            aria-label="Nächste Seite"
            title="Nächste Seite"
            disabled={to >= count}
            onClick={() => onPaginationChange({ pageIndex: pageIndex + 1, pageSize })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </div>
  );
}
