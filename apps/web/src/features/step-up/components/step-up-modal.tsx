import { Modal } from '@mantine/core';
import { StepUpPanel } from './step-up-panel';

type StepUpModalProps = { opened: boolean; reason: string; onConfirmed: () => void; onClose: () => void };

/** The step-up prompt in a dialog of its own (the card page's Show CVV). */
export function StepUpModal({ opened, reason, onConfirmed, onClose }: StepUpModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm it’s you" centered radius="lg">
      {opened ? <StepUpPanel reason={reason} onConfirmed={onConfirmed} onCancel={onClose} /> : null}
    </Modal>
  );
}
