import { DEFAULT_PAGE_SIZE } from '@coincard/shared';

/** What an admin list asks for: a page and an optional search term (docs/product-rules.md, Lists and pagination). */
export type AdminListParams = { page: number; search: string };

/** `?page=2&pageSize=10&search=ali`, leaving search out when it is empty. */
export function adminListQueryString({ page, search }: AdminListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (search) query.set('search', search);
  return query.toString();
}
