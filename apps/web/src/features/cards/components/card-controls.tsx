import type { Card } from '@coincard/shared';
import { Button, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { IconArrowDownLeft } from '../../../icons/IconArrowDownLeft';
import { IconArrowUpRight } from '../../../icons/IconArrowUpRight';
import { IconLock } from '../../../icons/IconLock';
import { IconShieldLock } from '../../../icons/IconShieldLock';
import { IconSnowflake } from '../../../icons/IconSnowflake';
import { IconSun } from '../../../icons/IconSun';
import { IconTrash } from '../../../icons/IconTrash';
import { formatCountdown, useSecondsLeft } from '../../../lib/countdown';
import { useUnfreezeCardMutation } from '../api/unfreeze-card';
import type { CardActionRules } from './card-action-rules';
import { CardPinModal } from './card-pin-modal';
import { DeleteCardModal } from './delete-card-modal';
import { FreezeCardModal } from './freeze-card-modal';
import { LoadMoneyModal } from './load-money-modal';
import { UnloadMoneyModal } from './unload-money-modal';

type CardControlsProps = { card: Card; rules: CardActionRules };

/**
 * Freeze/Unfreeze, 3DS Code, Load Money, Unload Money and Delete Card. A disabled control says why in the list
 * under the buttons (each button points at its reason), since a disabled button cannot show a tooltip.
 */
export function CardControls({ card, rules }: CardControlsProps) {
  const reasonsId = useId();
  const [isFreezeOpen, freezeModal] = useDisclosure(false);
  const [isPinOpen, pinModal] = useDisclosure(false);
  const [isLoadOpen, loadModal] = useDisclosure(false);
  const [isUnloadOpen, unloadModal] = useDisclosure(false);
  const [isDeleteOpen, deleteModal] = useDisclosure(false);
  const unfreeze = useUnfreezeCardMutation();
  const cooldownSeconds = useSecondsLeft(card.unloadAvailableAt);
  const isFrozen = card.status === 'frozen';

  // The API refuses a second unload within 5 minutes (UnloadCooldown): the button waits too, saying how long.
  const isCoolingDown = rules.unload === null && cooldownSeconds > 0;
  const cooldownId = `${reasonsId}-cooldown`;

  // One line per distinct reason, in the order of the buttons.
  const reasons = [...new Set([rules.freezeToggle, rules.pin, rules.load, rules.unload, rules.delete])].filter(
    (reason): reason is string => reason !== null,
  );
  const reasonId = (reason: string) => `${reasonsId}-${reasons.indexOf(reason)}`;
  const describedBy = (reason: string | null) => (reason ? reasonId(reason) : undefined);

  return (
    <Stack gap="xs">
      {/* Two columns once they fit the labels (a container query: the panel, not the screen, decides). */}
      <SimpleGrid type="container" cols={{ base: 1, '290px': 2 }} spacing="xs" verticalSpacing="xs">
        {isFrozen ? (
          <Button
            variant="light"
            leftSection={<IconSun size={16} aria-hidden />}
            disabled={rules.freezeToggle !== null}
            aria-describedby={describedBy(rules.freezeToggle)}
            loading={unfreeze.isPending}
            onClick={() => unfreeze.mutate(card._id)}
          >
            Unfreeze
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconSnowflake size={16} aria-hidden />}
            disabled={rules.freezeToggle !== null}
            aria-describedby={describedBy(rules.freezeToggle)}
            onClick={freezeModal.open}
          >
            Freeze
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconShieldLock size={16} aria-hidden />}
          disabled={rules.pin !== null}
          aria-describedby={describedBy(rules.pin)}
          onClick={pinModal.open}
        >
          3DS Code
        </Button>
        <Button
          leftSection={<IconArrowDownLeft size={16} aria-hidden />}
          disabled={rules.load !== null}
          aria-describedby={describedBy(rules.load)}
          onClick={loadModal.open}
        >
          Load Money
        </Button>
        <Button
          variant="light"
          leftSection={<IconArrowUpRight size={16} aria-hidden />}
          disabled={rules.unload !== null || isCoolingDown}
          aria-describedby={isCoolingDown ? cooldownId : describedBy(rules.unload)}
          onClick={unloadModal.open}
        >
          Unload Money
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={rules.delete !== null}
          aria-describedby={describedBy(rules.delete)}
          onClick={deleteModal.open}
          style={{ gridColumn: '1 / -1' }}
        >
          Delete Card
        </Button>
      </SimpleGrid>
      {reasons.length > 0 || isCoolingDown ? (
        <List size="xs" c="dimmed" spacing={2} icon={<IconLock size={12} aria-hidden style={{ marginTop: 3 }} />}>
          {reasons.map((reason) => (
            <List.Item key={reason} id={reasonId(reason)}>
              {reason}
            </List.Item>
          ))}
          {isCoolingDown ? (
            <List.Item id={cooldownId}>
              Unload opens again in{' '}
              <Text span inherit fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCountdown(cooldownSeconds)}
              </Text>{' '}
              (one unload per card every 5 minutes).
            </List.Item>
          ) : null}
        </List>
      ) : null}
      <FreezeCardModal card={card} opened={isFreezeOpen} onClose={freezeModal.close} />
      <CardPinModal card={card} opened={isPinOpen} onClose={pinModal.close} />
      <LoadMoneyModal card={card} opened={isLoadOpen} onClose={loadModal.close} />
      <UnloadMoneyModal card={card} opened={isUnloadOpen} onClose={unloadModal.close} />
      <DeleteCardModal card={card} opened={isDeleteOpen} onClose={deleteModal.close} />
    </Stack>
  );
}
