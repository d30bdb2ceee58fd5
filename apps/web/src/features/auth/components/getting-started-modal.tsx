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

/**
 * The Getting Started modal (docs/screens.md, docs/identity.md): it cannot be closed; it shows the e-mail
 * verification step, or once verified the terms step, with the signed-in e-mail and a
 * Sign Out button. Agree and Reject both record the answer and reload the page.
 */
const REJECTED_KEY = 'decor.terms-rejected';

export function GettingStartedModal({ me }: { me: Me }) {
  const { data: project } = useProject();
  const queryClient = useQueryClient();
  // After Reject the page reloads into this modal again: it says what the answer means.
  // (The mark stays until the person agrees or signs out: the modal may mount more than once.)
  const [message, setMessage] = useState<{ tone: 'red' | 'green' | 'yellow'; text: string } | null>(() =>
    sessionStorage.getItem(REJECTED_KEY) === null
      ? null
      : { tone: 'yellow', text: 'You declined the terms, so the portal stays closed to you. To use it, read them again and agree; or sign out.' },
  );
  const [busy, setBusy] = useState<string | null>(null);
  const step = me.emailVerified ? 'terms' : 'verify';

  const act = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ tone: 'red', text: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    } finally {
      setBusy(null);
    }
  };

  const resend = () =>
    act('resend', async () => {
      await api('/api/me/resend-verification', { method: 'POST', body: {} });
      setMessage({ tone: 'green', text: `We sent a new link to ${me.email}.` });
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
    <GenericModal opened onClose={() => {}} closable={false} size="lg" title={step === 'verify' ? 'Confirm your e-mail address' : 'Before you start'}>
      <Stack data-testid="getting-started" data-step={step}>
        <Text size="sm" c="dimmed">
          Signed in as <b>{me.email}</b>
        </Text>
        {step === 'verify' ? (
          <Text>
            We sent a link to <b>{me.email}</b>. Open it to confirm your address, then come back here.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="50vh" type="auto">
            <SafeMarkdown>{project?.options.termsOfService?.trim() || defaultTerms(project?.name ?? 'This project')}</SafeMarkdown>
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
            Sign out
          </Button>
          {step === 'verify' ? (
            <Group>
              <Button variant="default" onClick={resend} loading={busy === 'resend'}>
                Send the link again
              </Button>
              <Button onClick={checkAgain} loading={busy === 'check'}>
                I have confirmed it
              </Button>
            </Group>
          ) : (
            <Group>
              <Button variant="default" onClick={() => answerTerms(true)} loading={busy === 'reject'}>
                Reject
              </Button>
              <Button onClick={() => answerTerms(false)} loading={busy === 'agree'}>
                Agree
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </GenericModal>
  );
}

/** What a person agrees to where the project has written no terms of its own: never an empty page to accept. */
function defaultTerms(projectName: string): string {
  return [
    `**${projectName} has not published terms of service of its own yet.** Until it does, these apply:`,
    '',
    '- The portal keeps your choices, your comments and your signature for the design centre of this project, and shares them with no one else.',
    '- A selection you sign is binding once the design centre approves it; until then you may change it.',
    '- You may sign out of every device, or ask the design centre to close your account, at any time.',
  ].join('\n');
}
