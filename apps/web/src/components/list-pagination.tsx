import { cloneElement, isValidElement, useEffect, useRef, type ReactNode } from 'react';
import { Pagination } from 'antd';
import './list-view.css';

/** The last page of `total` items in pages of `pageSize` (1 when there are none). */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A change of the list's page or page size (a new size goes back to page 1 in the page's own filters). */
export type PageChange = { page: number } | { pageSize: number };

interface ListPagingOptions {
  page: number;
  pageSize: number;
  /** Everything matching; undefined until the first answer. */
  total: number | undefined;
  /** The answer is for the asked query, not the previous page kept while the next loads. */
  settled: boolean;
  /** Stable (useCallback): a page past the end is corrected from an effect. */
  change(change: PageChange): void;
}

/**
 * Paging of a server-paged list: `goToPage` for the pager (it scrolls back to `listTop`, the top of the
 * list), and a page past the end (the list shrank) is replaced by the last page.
 */
export function useListPaging({ page, pageSize, total, settled, change }: ListPagingOptions) {
  const listTop = useRef<HTMLDivElement>(null);
  const lastPage = total === undefined ? 1 : lastPageOf(total, pageSize);
  const pastEnd = total !== undefined && settled && page > lastPage;
  useEffect(() => {
    if (pastEnd) change({ page: lastPage });
  }, [pastEnd, lastPage, change]);

  const goToPage = (next: number, size: number) => {
    change(size !== pageSize ? { pageSize: size } : { page: next });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  return { listTop, goToPage };
}

interface ListPaginationProps {
  /** The page's own class beside the shared one. */
  className: string;
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  /** Phones: the small pager with fewer page links. */
  phone: boolean;
  onChange(page: number, pageSize: number): void;
}

/** Russian names of the pager's arrows: their icons are not read out (build/quiet-library-labels.ts). */
const arrowNames: Partial<Record<string, string>> = {
  prev: 'Предыдущая страница',
  next: 'Следующая страница',
  'jump-prev': 'На 5 страниц назад',
  'jump-next': 'На 5 страниц вперёд',
};

function namedArrow(_page: number, type: string, element: ReactNode): ReactNode {
  const name = arrowNames[type];
  return name && isValidElement<{ 'aria-label'?: string }>(element)
    ? cloneElement(element, { 'aria-label': name })
    : element;
}

/**
 * The pager under a list: shown only when there is more than one page. A page past the end (the list
 * shrank) shows as the last one.
 */
export function ListPagination({
  className,
  page,
  pageSize,
  total,
  pageSizeOptions,
  phone,
  onChange,
}: ListPaginationProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className={`list-pagination ${className}`}
      current={Math.min(page, lastPageOf(total, pageSize))}
      pageSize={pageSize}
      total={total}
      pageSizeOptions={pageSizeOptions.map(String)}
      showSizeChanger
      size={phone ? 'small' : undefined}
      showLessItems={phone}
      itemRender={namedArrow}
      onChange={onChange}
    />
  );
}
