import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AddFundsFlow } from './add-funds-flow';

type AddFundsModalProps = { opened: boolean; onClose: () => void };

/** The Add Funds modal of the user dashboard; full screen on phones. */
export function AddFundsModal({ opened, onClose }: AddFundsModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add Funds"
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AddFundsFlow onClose={onClose} />
    </Modal>
  );
}
