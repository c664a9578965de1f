import { COPY_CONFIRMATION_MS } from '@coincard/shared';
import { ActionIcon, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';

const HEAD = 8;
const TAIL = 4;

/** "0190f5a2…5a69": enough to recognise an id at a glance; the full one is copied. */
export function shortenId(id: string): string {
  return id.length <= HEAD + TAIL + 1 ? id : `${id.slice(0, HEAD)}…${id.slice(-TAIL)}`;
}

type ProviderIdProps = {
  id: string | null;
  /** What the id is, for the copy button: "provider ID" (the default), "user ID". */
  label?: string;
};

/** A long id (the payment provider's transaction id, a user id), shortened, with a button that copies all of it. */
export function ProviderId({ id, label = 'provider ID' }: ProviderIdProps) {
  const name = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  if (!id) {
    return (
      <Text size="sm" c="dimmed" aria-label={`No ${label.toLowerCase()} yet`}>
        —
      </Text>
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      <Text size="sm" ff="monospace" title={id} style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden>{shortenId(id)}</span>
        <VisuallyHidden>{id}</VisuallyHidden>
      </Text>
      <CopyButton value={id} timeout={COPY_CONFIRMATION_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow position="top">
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={copied ? `${name} copied` : `Copy ${label} ${id}`}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
