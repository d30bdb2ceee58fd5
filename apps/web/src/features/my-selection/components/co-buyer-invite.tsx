import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { api } from '../../../lib/api-client.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** The buyer whose selection it is invites someone to buy the home with them (docs/access-codes.md, "Co-buyers"). */
export function CoBuyerInvite({ cartId }: { cartId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const send = async () => {
    setBusy(true);
    setSaid(null);
    try {
      await api(`/api/carts/${cartId}/co-buyers`, { method: 'POST', body: { email: email.trim() } });
      setSaid({ tone: 'green', text: t('app.co-buyer.sent', { email: email.trim() }) });
      setEmail('');
    } catch (caught) {
      setSaid({ tone: 'red', text: errorText(caught, 'app.co-buyer.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="co-buyer"
      data-testid="co-buyer-invite"
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id="co-buyer">
          {t('app.co-buyer.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.co-buyer.text')}
        </Text>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('app.co-buyer.email')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            maxLength={254}
            style={{ flex: '1 1 220px' }}
          />
          <Button onClick={send} loading={busy} disabled={!email.trim()}>
            {t('app.co-buyer.send')}
          </Button>
        </Group>
        {said && (
          <Alert color={said.tone} role="status" py={6}>
            {said.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
