import { Anchor, Code, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { AdminPageHeader } from './admin-page-header';

type AdminUserDetailProps = { userId: string };

export function AdminUserDetail({ userId }: AdminUserDetailProps) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/users" size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to users
      </Anchor>
      <AdminPageHeader
        title="User details"
        description={
          <Text span size="sm">
            User id <Code>{userId}</Code>
          </Text>
        }
      />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconUserSearch size={26} />}
          title="User statistics arrive with user management"
          description="Card, revenue and referral figures, the two-factor switch and the suspend control for this account will be shown here."
        />
      </Paper>
    </Stack>
  );
}
