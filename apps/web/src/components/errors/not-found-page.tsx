import { Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LinkButton } from '../ui/link-button.tsx';
import { useT } from '../../lib/i18n.ts';

/** Shown for every path the portal does not know (docs/screens.md, docs/api.md). */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('app.frame.not-found.title'));
  return (
    <Center mih="70vh" px="md" data-testid="not-found">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="brand" lh={1}>
          404
        </Text>
        <Title order={1} fz={28}>
          {t('app.frame.not-found.title')}
        </Title>
        <Text c="dimmed">{t('app.frame.not-found.text')}</Text>
        <LinkButton to="/" mt="md">
          {t('app.frame.not-found.home')}
        </LinkButton>
      </Stack>
    </Center>
  );
}
