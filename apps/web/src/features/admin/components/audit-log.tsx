import { Paper, Stack, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../icons/IconHistory';
import { IconSearchOff } from '../../../icons/IconSearchOff';
import { useAuditLogQuery } from '../api/get-audit-log';
import { AdminPageHeader } from './admin-page-header';
import { auditColumns } from './audit-columns';
import { AuditFiltersForm } from './audit-filters';
import { useAuditParams } from './use-audit-params';

const COLUMNS = auditColumns();
const count = new Intl.NumberFormat('en-US');

/** Who did what, to whom, from where and when: sign-ins, admin actions, card events; filterable, newest first. */
export function AuditLog() {
  const { filters, page, applyFilters, setPage, activeCount } = useAuditParams();
  const query = useAuditLogQuery({ ...filters, page });
  const { data } = query;

  let summary = '';
  if (data && !query.isError) {
    const entries = `${count.format(data.meta.total)} ${data.meta.total === 1 ? 'entry' : 'entries'}`;
    summary =
      activeCount > 0 ? `${entries} matching ${activeCount === 1 ? '1 filter' : `${activeCount} filters`}` : entries;
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Audit log"
        description="Sign-ins, admin actions and card events, newest first. Nothing secret is ever written here."
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label="Filters">
        <AuditFiltersForm filters={filters} onApply={applyFilters} />
      </Paper>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-label="Audit entries"
        aria-busy={query.isPending || query.isPlaceholderData}
      >
        <Stack gap="sm">
          <Text role="status" size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {summary}
          </Text>
          <DataTable
            label="Audit entries"
            noun="audit entries"
            columns={COLUMNS}
            rows={data?.entries}
            rowKey={(entry) => entry._id}
            isLoading={query.isPending}
            isError={query.isError}
            onRetry={() => void query.refetch()}
            errorTitle="The audit log could not be loaded"
            headingLevel={2}
            isRefreshing={query.isPlaceholderData}
            minWidth={920}
            skeletonRows={8}
            pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
            empty={
              activeCount > 0 ? (
                <EmptyState
                  headingLevel={2}
                  icon={<IconSearchOff size={26} />}
                  title="No entries match these filters"
                  description="Widen the date range, shorten the action, or clear the filters."
                />
              ) : (
                <EmptyState
                  headingLevel={2}
                  icon={<IconHistory size={26} />}
                  title="Nothing recorded yet"
                  description="Sign-ins, admin actions and card events appear here as they happen."
                />
              )
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
