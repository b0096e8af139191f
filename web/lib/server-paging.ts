import { PAGE_SIZES, totalText } from '../../domain/api';

type Paging = {
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  setPerPage: (perPage: number) => void;
  total: number | undefined;
};

const PAGER_CONTROLS: Record<string, string> = {
  first: 'Prima pagină',
  previous: 'Pagina anterioară',
  next: 'Pagina următoare',
  last: 'Ultima pagină',
};

/**
 * The pagination props every server-paged table shares (SPEC §9: sizes 10 to 100, a new page
 * size goes back to page 1), in Romanian. Spread into a mantine-datatable `DataTable`.
 *
 * `height: 'auto'`: the table is as tall as its rows and its pager follows them. The library's
 * default (100%) takes the whole height of a grid column even with a filter card above the
 * table, which pushed the pager below the page's end, under the shell's fixed footer (issue 22).
 */
export function serverPaging({ page, setPage, perPage, setPerPage, total }: Paging) {
  return {
    height: 'auto',
    totalRecords: total ?? 0,
    page,
    onPageChange: setPage,
    recordsPerPage: perPage,
    recordsPerPageOptions: [...PAGE_SIZES],
    onRecordsPerPageChange: (n: number) => {
      setPerPage(n);
      setPage(1);
    },
    recordsPerPageLabel: 'Pe pagina',
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      `${from}-${to} din ${totalText(totalRecords)}`,
    loadingText: 'Se încarcă...',
    // The library names its arrows in English ("Previous page").
    getPaginationControlProps: (control: string) => ({ 'aria-label': PAGER_CONTROLS[control] }),
  };
}
