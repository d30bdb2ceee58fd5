import { Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LinkButton } from '../ui/link-button.tsx';

/** Shown for every path the portal does not know (docs/screens.md, docs/api.md). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Center mih="70vh" px="md" data-testid="not-found">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="brand" lh={1}>
          404
        </Text>
        <Title order={1} fz={28}>
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved. Check the address, or start again from your home page.</Text>
        <LinkButton to="/" mt="md">
          Go to my home
        </LinkButton>
      </Stack>
    </Center>
  );
}
