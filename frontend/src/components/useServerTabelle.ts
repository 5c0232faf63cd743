import type { OnChangeFn, PaginationState, SortingState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './DataTable';

/**
 * Paging and sorting of a DataTable in server-side mode: the state for the query, the props for
 * the table (`{...tabelle}`, with `manual`), and `zurErstenSeite` for a new filter.
 * A new sort order starts again at the first page.
 */
export function useServerTabelle(startSortierung: SortingState) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sorting, setSorting] = useState<SortingState>(startSortierung);
  const zurErstenSeite = useCallback(() => setPagination((p) => ({ ...p, pageIndex: 0 })), []);
  const onSortingChange: OnChangeFn<SortingState> = (u) => {
    setSorting(u);
    zurErstenSeite();
  };
  return {
    pagination,
    sorting,
    zurErstenSeite,
    tabelle: { manual: true, pagination, onPaginationChange: setPagination, sorting, onSortingChange },
  };
}
