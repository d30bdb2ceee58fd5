import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { unreadQuery } from '../api/comments.ts';

/** A buyer's new messages from the design centre, on My home: one line that leads to them. */
export function BuyerUnreadMessages() {
  const t = useT();
  const unread = useQuery(unreadQuery);
  const total = unread.data?.total ?? 0;
  if (!total) return null;
  const [first] = unread.data!.carts;
  return (
    <Alert color="blue" variant="light" data-testid="unread-messages">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{t('app.comments.unread', { count: total })}</Text>
        <AnchorLink to="/config/{-$cartId}" params={{ cartId: first!.cart }}>
          {t('app.comments.title-buyer')}
        </AnchorLink>
      </Group>
    </Alert>
  );
}

/** The conversations waiting for the design centre, newest first, on the back office's first page. */
export function StaffUnreadMessages() {
  const t = useT();
  const dates = useDates();
  const unread = useQuery(unreadQuery);
  return (
    <Card withBorder radius="md" padding="md" data-testid="messages-waiting">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('app.comments.waiting')}
        </Title>
        {unread.data?.carts.length === 0 && <Text c="dimmed">{t('app.comments.waiting-none')}</Text>}
        {unread.data?.carts.slice(0, 8).map((conversation) => (
          <Group key={conversation.cart} justify="space-between" wrap="wrap">
            <AnchorLink to="/manage/carts/{-$id}" params={{ id: conversation.cart }}>
              {t('app.comments.waiting-unit', { unit: conversation.unitName })}
            </AnchorLink>
            <Text size="sm">
              {t('app.comments.unread', { count: conversation.unread })} · {dates.dateTime(conversation.last)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
