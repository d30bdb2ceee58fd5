import { useState } from 'react';
import { Alert, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { SafeMarkdown } from '../../../components/ui/safe-markdown.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/auth-client.ts';
import { useProject } from '../../../lib/project.ts';
import type { Me } from '../../../lib/session.ts';
import { ARRIVAL_TARGET_KEY } from '../../../lib/arrival.ts';
import { useT } from '../../../lib/i18n.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';

/**
 * The Getting Started modal (docs/screens.md, docs/identity.md): it cannot be closed; it shows the e-mail
 * verification step, or once verified the terms step, with the signed-in e-mail and a
 * Sign Out button. Agree and Reject both record the answer and reload the page.
 */
const REJECTED_KEY = 'decor.terms-rejected';

export function GettingStartedModal({ me }: { me: Me }) {
  const { data: project } = useProject();
  const queryClient = useQueryClient();
  const t = useT();
  // After Reject the page reloads into this modal again: it says what the answer means.
  // (The mark stays until the person agrees or signs out: the modal may mount more than once.)
  const [message, setMessage] = useState<{ tone: 'red' | 'green' | 'yellow'; text: string } | null>(() =>
    sessionStorage.getItem(REJECTED_KEY) === null ? null : { tone: 'yellow', text: t('app.start.declined') },
  );
  const [busy, setBusy] = useState<string | null>(null);
  const step = me.emailVerified ? 'terms' : 'verify';

  const act = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ tone: 'red', text: error instanceof ApiError ? error.message : t('app.start.failed') });
    } finally {
      setBusy(null);
    }
  };

  const resend = () =>
    act('resend', async () => {
      await api('/api/me/resend-verification', { method: 'POST', body: {} });
      setMessage({ tone: 'green', text: t('app.start.resent', { email: me.email }) });
    });

  const checkAgain = () =>
    act('check', async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });

  const answerTerms = (reject: boolean) =>
    act(reject ? 'reject' : 'agree', async () => {
      await api('/api/me/accept-terms', { method: 'POST', body: reject ? { reject: true } : {} });
      if (reject) sessionStorage.setItem(REJECTED_KEY, '1');
      else sessionStorage.removeItem(REJECTED_KEY);
      // Arriving by an invitation, the welcome steps end where the invitation leads (a manager's back office).
      const arrival = reject ? null : sessionStorage.getItem(ARRIVAL_TARGET_KEY);
      sessionStorage.removeItem(ARRIVAL_TARGET_KEY);
      if (arrival && arrival.startsWith('/') && !arrival.startsWith('//')) window.location.assign(arrival);
      else window.location.reload();
    });

  return (
    <GenericModal
      opened
      onClose={() => {}}
      closable={false}
      size="lg"
      title={step === 'verify' ? t('app.start.verify-title') : t('app.start.terms-title')}
    >
      <Stack data-testid="getting-started" data-step={step}>
        <Text size="sm" c="dimmed">
          <RichText text={t('app.start.signed-in-as', { email: me.email })} tags={{ b: (chunk) => <b>{chunk}</b> }} />
        </Text>
        {step === 'verify' ? (
          <Text>
            <RichText text={t('app.start.sent-link', { email: me.email })} tags={{ b: (chunk) => <b>{chunk}</b> }} />
          </Text>
        ) : (
          <ScrollArea.Autosize mah="50vh" type="auto">
            <SafeMarkdown>
              {project?.options.termsOfService?.trim() ||
                t('app.start.default-terms', { project: project?.name ?? t('app.start.this-project') })}
            </SafeMarkdown>
          </ScrollArea.Autosize>
        )}
        {message && (
          <Alert color={message.tone} role={message.tone === 'red' ? 'alert' : 'status'}>
            {message.text}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            onClick={() =>
              act('sign-out', async () => {
                sessionStorage.removeItem(REJECTED_KEY);
                await signOut();
              })
            }
            loading={busy === 'sign-out'}
          >
            {t('app.start.sign-out')}
          </Button>
          {step === 'verify' ? (
            <Group>
              <Button variant="default" onClick={resend} loading={busy === 'resend'}>
                {t('app.start.resend')}
              </Button>
              <Button onClick={checkAgain} loading={busy === 'check'}>
                {t('app.start.confirmed')}
              </Button>
            </Group>
          ) : (
            <Group>
              <Button variant="default" onClick={() => answerTerms(true)} loading={busy === 'reject'}>
                {t('app.start.reject')}
              </Button>
              <Button onClick={() => answerTerms(false)} loading={busy === 'agree'}>
                {t('app.start.agree')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </GenericModal>
  );
}
