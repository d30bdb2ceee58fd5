import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n.ts';

/** A secret the server answers once (a signing secret, an API key): shown here until the person closes it. */
export function ShownOnce({ label, value, onClose }: { label: string; value: string; onClose: () => void }) {
  const t = useT();
  return (
    <Alert color="yellow" title={label} role="status" data-testid="shown-once">
      <Stack gap="xs">
        <Text size="sm">{t('app.integrations.shown-once')}</Text>
        <Code block style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('app.integrations.copied') : t('app.integrations.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onClose}>
            {t('app.integrations.kept-it')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
