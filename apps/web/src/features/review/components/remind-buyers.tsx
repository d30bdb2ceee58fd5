import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { sendReminders } from '../../../lib/reminders.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

type Who = 'not-started' | 'not-submitted';

/**
 * Reminding every buyer who has not started, or not submitted, now (docs/selection-rules.md,
 * "Reminders"): asked first, then said how many were reminded and how many left out.
 */
export function RemindBuyers() {
  const t = useT();
  const errorText = useErrorText();
  const [asking, setAsking] = useState<Who | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'green' | 'red'; lines: string[] } | null>(null);
  const send = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      const result = await sendReminders({ who: asking });
      setSaid({
        tone: 'green',
        lines: [
          t('app.reminders.done', { count: result.reminded.length }),
          ...(result.skipped.length ? [t('app.reminders.skipped', { count: result.skipped.length })] : []),
        ],
      });
    } catch (caught) {
      setSaid({ tone: 'red', lines: [errorText(caught, 'app.reminders.failed')] });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <Stack gap="xs">
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default">{t('app.reminders.button')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsking('not-started')}>{t('app.reminders.not-started')}</Menu.Item>
          <Menu.Item onClick={() => setAsking('not-submitted')}>{t('app.reminders.not-submitted')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {said && (
        <Alert
          color={said.tone}
          role="status"
          withCloseButton
          onClose={() => setSaid(null)}
          data-testid="reminders-said"
        >
          {said.lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t('app.reminders.confirm-title')}>
        <Stack gap="sm">
          <Text size="sm">
            {asking === 'not-started' ? t('app.reminders.confirm-started') : t('app.reminders.confirm-submitted')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
              {t('app.reminders.cancel')}
            </Button>
            <Button onClick={send} loading={busy}>
              {t('app.reminders.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** One selection's buyers reminded now, from the selection's page (an open one only). */
export function RemindOne({ cartId }: { cartId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'green' | 'orange' | 'red'; text: string } | null>(null);
  const send = async () => {
    setBusy(true);
    try {
      const result = await sendReminders({ carts: [cartId] });
      setSaid(
        result.reminded.length
          ? { tone: 'green', text: t('app.reminders.one-done') }
          : { tone: 'orange', text: t('app.reminders.one-recently') },
      );
    } catch (caught) {
      setSaid({ tone: 'red', text: errorText(caught, 'app.reminders.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" onClick={send} loading={busy}>
        {t('app.reminders.one')}
      </Button>
      {said && (
        <Text size="sm" c={said.tone} role="status">
          {said.text}
        </Text>
      )}
    </Group>
  );
}
