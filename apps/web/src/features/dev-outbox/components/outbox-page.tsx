import { Accordion, Anchor, Button, Code, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Logo } from '../../../components/logo';
import { IconMail } from '../../../icons/IconMail';
import { IconRefresh } from '../../../icons/IconRefresh';
import { isApiError } from '../../../lib/api-client';
import { useOutboxQuery } from '../api/get-outbox';
import { LinkifiedText } from './linkified-text';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Development outbox: the mails the API would have sent, readable without an SMTP server. */
export function OutboxPage() {
  const query = useOutboxQuery();
  const isUnavailable = query.isError && isApiError(query.error) && query.error.status === 404;

  return (
    <Container size="md" py="xl" px="sm" component="main">
      <Stack gap="lg">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="CoinCard home" w="fit-content">
          <Logo size="sm" />
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={1} size="h2">
              Development outbox
            </Title>
            <Text size="sm" c="dimmed">
              Mails sent by the API in development, newest first.
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            disabled={isUnavailable}
          >
            Refresh
          </Button>
        </Group>
        {query.isPending ? (
          <Stack gap="sm" aria-label="Loading mails" role="status">
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : isUnavailable ? (
          <EmptyState
            headingLevel={2}
            icon={<IconMail size={26} />}
            title="The outbox is not available"
            description="This server sends real e-mail, so there is no development outbox to read."
          />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState
            headingLevel={2}
            icon={<IconMail size={26} />}
            title="No mails yet"
            description="Sign up or ask for a password reset, then refresh."
          />
        ) : (
          <Accordion variant="separated" radius="md" multiple defaultValue={[query.data[0]?._id ?? '']}>
            {query.data.map((mail) => (
              <Accordion.Item key={mail._id} value={mail._id}>
                <Accordion.Control>
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      {mail.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      To {mail.to} ·{' '}
                      <time dateTime={mail.createdAt}>{timeFormat.format(new Date(mail.createdAt))}</time>
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    <LinkifiedText text={mail.text} />
                  </Code>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}
