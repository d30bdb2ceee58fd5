import { Button, Group } from '@mantine/core';

/** The end of a dialog's form: Cancel, and the button that submits it. */
export function ModalFooter({ onCancel, isSaving, submitLabel = 'Save' }: { onCancel: () => void; isSaving: boolean; submitLabel?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
