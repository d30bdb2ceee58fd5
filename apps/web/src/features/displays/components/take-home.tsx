import { useState } from 'react';
import { Alert, Anchor, Button, Card, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Look } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { myCartsQuery } from '../../../lib/cart-summary.ts';
import { useLanguage } from '../../../lib/language.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/**
 * The look goes home with the visitor (docs/displays.md, "The look goes home"): by e-mail, once,
 * to the address they type; or, for a buyer of the project signed in on this phone, as a saved
 * alternative of their selection.
 */
export function TakeHome({ pairing, look }: { pairing: string; look: Look }) {
  const t = useT();
  return (
    <Card withBorder padding="sm" radius="md" data-testid="take-home">
      <Stack gap="sm">
        <Text fw={600}>{t('app.take-home.title')}</Text>
        <MailLook pairing={pairing} look={look} />
        <SaveToSelection look={look} />
      </Stack>
    </Card>
  );
}

function MailLook({ pairing, look }: { pairing: string; look: Look }) {
  const t = useT();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ sent?: string; problem?: string; busy?: boolean }>({});
  const send = async () => {
    setState({ busy: true });
    try {
      await api('/api/displays/look-mail', { method: 'POST', body: { pairing, email: email.trim(), look } });
      setState({ sent: email.trim() });
    } catch (error) {
      setState({ problem: errorText(error, 'app.take-home.not-sent') });
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap={6}>
        <TextInput
          label={t('app.take-home.email')}
          description={t('app.take-home.email-help')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={state.problem}
        />
        <Button type="submit" variant="light" loading={state.busy} disabled={!/^\S+@\S+\.\S+$/.test(email.trim())}>
          {t('app.take-home.send')}
        </Button>
        {state.sent && (
          <Text size="sm" c="green" data-testid="look-sent">
            Sent to {state.sent}.
          </Text>
        )}
      </Stack>
    </form>
  );
}

function SaveToSelection({ look }: { look: Look }) {
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const carts = useQuery({ ...myCartsQuery, retry: false });
  const [cartId, setCartId] = useState<string | null>(null);
  const [state, setState] = useState<{ saved?: string; problem?: string; busy?: boolean }>({});
  const choices = Object.values(look.finishes).map((option) => ({ option, quantity: 1 }));
  if (carts.isError) {
    return (
      <Text size="sm">
        <RichText
          text={t('app.take-home.sign-in')}
          tags={{
            link: (chunk) => (
              <Anchor href={`/sign-in?next=${encodeURIComponent('/controller')}`} data-testid="sign-in-to-save">
                {chunk}
              </Anchor>
            ),
          }}
        />
      </Text>
    );
  }
  const open = (carts.data ?? []).filter((cart) => cart.status === 'draft');
  if (!open.length) return null;
  const target = cartId ?? open[0]!._id;
  const save = async () => {
    setState({ busy: true });
    const name = t('app.take-home.look-name', {
      when: new Date().toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    });
    try {
      await api(`/api/carts/${target}/versions`, { method: 'POST', body: { name, choices } });
      setState({ saved: name });
    } catch (error) {
      setState({ problem: errorText(error, 'app.take-home.not-saved') });
    }
  };
  return (
    <Stack gap={6}>
      {open.length > 1 && (
        <Select
          label={t('app.take-home.selection')}
          data={open.map((cart) => ({ value: cart._id, label: t('app.take-home.unit', { unit: cart.unit.name }) }))}
          value={target}
          onChange={setCartId}
          allowDeselect={false}
        />
      )}
      <Button variant="light" onClick={() => void save()} loading={state.busy} disabled={!choices.length}>
        {t('app.take-home.save')}
      </Button>
      {!choices.length && (
        <Text size="xs" c="dimmed">
          {t('app.take-home.first')}
        </Text>
      )}
      {state.saved && (
        <Alert color="green" data-testid="look-saved">
          {t('app.take-home.saved', { name: state.saved })}
        </Alert>
      )}
      {state.problem && <Alert color="red">{state.problem}</Alert>}
    </Stack>
  );
}
