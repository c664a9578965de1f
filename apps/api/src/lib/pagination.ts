import type { PageMeta, PaginationQuery } from '@coincard/shared';

export const pageMeta = (query: PaginationQuery, total: number): PageMeta => ({
  page: query.page,
  pageSize: query.pageSize,
  total,
  pages: Math.ceil(total / query.pageSize),
});

export const pageOffset = (query: PaginationQuery) => (query.page - 1) * query.pageSize;

/** A search term matched literally inside ILIKE: %, _ and \ lose their wildcard meaning. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
