import { Button, Group } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';

/** The end of a dialog's form: Cancel, and the button that submits it (Save unless told). */
export function ModalFooter({
  onCancel,
  isSaving,
  submitLabel,
}: {
  onCancel: () => void;
  isSaving: boolean;
  submitLabel?: string;
}) {
  const t = useT();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('app.form.cancel')}
      </Button>
      <Button type="submit" loading={isSaving}>
        {submitLabel ?? t('app.form.save')}
      </Button>
    </Group>
  );
}
