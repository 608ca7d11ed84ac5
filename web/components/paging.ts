/**
 * Server-side paging of a table, as the invitation-code, registration-gift, usage-record and
 * activity tables do it: page and size kept together (one state, so one reload per change), and
 * antd's pagination props with a size changer, "共 N 条", and a new page size starting at page 1.
 */
import type { TablePaginationConfig } from "antd";
import { type Dispatch, type SetStateAction, useState } from "react";

export interface Paging {
  page: number;
  pageSize: number;
}

export interface PagingState {
  paging: Paging;
  setPaging: Dispatch<SetStateAction<Paging>>;
  /** The table's `pagination` prop for `total` rows. */
  pagination(total: number): TablePaginationConfig;
}

/** Paging that starts at page 1 with the first of `sizes`. */
export function usePaging(sizes: readonly number[]): PagingState {
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: sizes[0] });
  function pagination(total: number): TablePaginationConfig {
    return {
      current: paging.page,
      pageSize: paging.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: [...sizes],
      showTotal: (n) => `共 ${n} 条`,
      onChange: (page, pageSize) =>
        setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
    };
  }
  return { paging, setPaging, pagination };
}
