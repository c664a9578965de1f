import { type AuditPage, auditPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminAuditQueryKey } from './admin-user-query-keys';

export const AUDIT_PAGE_SIZE = 20;

/** The audit log's filters: each one left empty is not sent. `from` and `to` are ISO date-times. */
export type AuditFilters = {
  action: string;
  actorId: string;
  targetUserId: string;
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', actorId: '', targetUserId: '', from: '', to: '' };

export type AuditParams = AuditFilters & { page: number; pageSize?: number };

/** `?action=admin.&page=1&pageSize=20`, leaving the empty filters out. */
export function auditQueryString({ page, pageSize = AUDIT_PAGE_SIZE, ...filters }: AuditParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value.trim()) query.set(name, value.trim());
  }
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return query.toString();
}

export function getAuditLog(params: AuditParams, signal?: AbortSignal): Promise<AuditPage> {
  return api.get(`/admin/audit?${auditQueryString(params)}`, import.meta.env.DEV && auditPageSchema, signal);
}

export function auditLogQueryOptions(params: AuditParams) {
  return queryOptions({
    queryKey: [...adminAuditQueryKey, { ...params, pageSize: params.pageSize ?? AUDIT_PAGE_SIZE }],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useAuditLogQuery(params: AuditParams) {
  return useQuery(auditLogQueryOptions(params));
}
