import type { ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';

export interface ModalAction {
  label: string;
  onClick: () => void;
  color?: string;
  variant?: 'filled' | 'light' | 'default' | 'subtle';
  loading?: boolean;
}

export interface GenericModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ModalAction[];
  /** A non-closable modal has no close button and ignores backdrop clicks and Escape. */
  closable?: boolean;
  size?: string | number;
}

/**
 * The generic modal of docs/screens.md: optional title, a close button, closing on a backdrop
 * click and on Escape, optional action buttons, and a non-closable mode.
 */
export function GenericModal({
  opened,
  onClose,
  title,
  children,
  actions = [],
  closable = true,
  size = 'md',
}: GenericModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={closable ? onClose : () => {}}
      title={title}
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      size={size}
      centered
    >
      {children}
      {actions.length > 0 && (
        <Group justify="flex-end" mt="lg">
          {actions.map((action) => (
            <Button
              key={action.label}
              onClick={action.onClick}
              color={action.color}
              variant={action.variant ?? 'filled'}
              loading={action.loading}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
    </Modal>
  );
}
