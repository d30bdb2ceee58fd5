import { Alert, Button, Text } from '@mantine/core';
import { formatList } from '@decor/core';
import { useLanguage } from '../../lib/language.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * Someone saved the thing being edited since the form was opened (a 409): the form now shows
 * the current version, and what the person changed is kept aside to put back in one click
 * (lib/versioned-draft.ts; docs/screens.md, "When two people edit one thing").
 */
export function ConflictNotice({ fields, onReapply }: { fields: string[]; onReapply: () => void }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <Alert color="orange" title={t('app.conflict.title')} data-testid="edit-conflict" role="status">
      <Text size="sm">
        {fields.length
          ? t('app.conflict.current', { fields: formatList(fields, locale) })
          : t('app.conflict.current-nothing')}
      </Text>
      {fields.length > 0 && (
        <Button size="xs" mt="xs" onClick={onReapply}>
          {t('app.conflict.reapply')}
        </Button>
      )}
    </Alert>
  );
}
