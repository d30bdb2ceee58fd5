import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, type ButtonProps } from '@mantine/core';

/**
 * An action that voids a signature, mails people, changes sold units or grants rights asks
 * first and names what will follow (docs/back-office.md): the consequences, the action in its
 * own words, and a way back.
 */
export function ConsequenceConfirm({
  title,
  confirmLabel,
  isBusy,
  onConfirm,
  onCancel,
  testId,
  size,
  mt,
  children,
}: {
  title: string;
  confirmLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  size?: ButtonProps['size'];
  mt?: string;
  /** What will follow, in sentences. */
  children: ReactNode;
}) {
  return (
    <Alert color="orange" title={title} data-testid={testId} {...(mt ? { mt } : {})}>
      <Stack gap="xs">
        {children}
        <Group gap="xs">
          <Button color="orange" loading={isBusy} onClick={onConfirm} {...(size ? { size } : {})}>
            {confirmLabel}
          </Button>
          <Button variant="default" onClick={onCancel} {...(size ? { size } : {})}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
