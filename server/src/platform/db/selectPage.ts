import type { Page } from '@freight/contracts';
import { pageOf } from '../http/envelope.ts';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** A select that still takes its limit and offset (a drizzle select builder). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** One page of an ordered select and the count of every row it matches, read together. */
export async function selectPage<T>(
  paging: Paging,
  rows: Pageable<T>,
  counted: PromiseLike<Array<{ total: number | string }>>,
): Promise<Page<T>> {
  const [records, [count]] = await Promise.all([
    rows.limit(paging.pageSize).offset((paging.pageNo - 1) * paging.pageSize),
    counted,
  ]);
  return pageOf(records, count?.total ?? 0, paging);
}
