import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, PasswordInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isBadLinkReason, PASSWORD_MIN_LENGTH, safeNextPath, type BadLinkReason } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { ARRIVAL_TARGET_KEY } from '../../../lib/arrival.ts';
import { IdentityError, signInWithToken, signOut } from '../../../lib/auth-client.ts';
import { useT } from '../../../lib/i18n.ts';

interface ConsumeResponse {
  account: 'new' | 'current';
  token?: string;
  target?: string | null;
}

type Step =
  | { kind: 'working' }
  | { kind: 'ask-email'; error?: string }
  | { kind: 'other-account'; message: string }
  /** A new account has no password: the person chooses one on arriving, or goes on and signs in later with a code by e-mail. */
  | { kind: 'choose-password'; to: string; error?: string };

/**
 * Uses an access code (POST /api/access-codes/consume/{code}; docs/access-codes.md):
 * - a code for a new account returns a single-use token, and we sign in with it;
 * - a code for the signed-in person is redeemed at once;
 * - a code for an existing account asks its owner to sign in first, and comes back here;
 * - a code made out to nobody (a sales-centre QR) asks for the new account's address;
 * - a code for someone else offers to sign out.
 * Failures land on /400 with a reason code ('Could not get access.' when no token came back,
 * 'Request failed.' when the server gave no reason; docs/data-model.md, docs/api.md).
 */
export function AccessCodePage({ code, destination }: { code: string; destination: 'home' | 'target' }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const [step, setStep] = useState<Step>({ kind: 'working' });
  const [email, setEmail] = useState('');
  const t = useT();
  const here = `/${destination === 'target' ? 'go' : 'link'}/${encodeURIComponent(code)}`;
  // The proof an invitation mail's link carries: followed from the mail, it proves the address (docs/access-codes.md, "Arriving").
  const proof = useRef(typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('proof'));

  const consume = useCallback(
    async (body?: { email: string }) => {
      setStep({ kind: 'working' });
      try {
        let isNewAccount = false;
        const result = await api<ConsumeResponse>(`/api/access-codes/consume/${encodeURIComponent(code)}`, {
          method: 'POST',
          body: { ...body, ...(proof.current ? { proof: proof.current } : {}) },
        });
        if (result?.account === 'new') {
          if (!result.token) throw new Error('Could not get access.');
          await signInWithToken(result.token);
          isNewAccount = true;
        } else if (result?.account === 'current') {
          // Membership changed: what was cached about this person's projects is stale.
          await queryClient.resetQueries();
        } else {
          throw new Error('Could not get access.');
        }
        // The home of the role the code gives: a manager's is the back office.
        const target = safeNextPath(result.target ?? '/');
        const to = destination === 'target' || target === '/manage' ? target : '/';
        if (isNewAccount) return setStep({ kind: 'choose-password', to });
        await navigate({ to, replace: true });
      } catch (error) {
        const detail =
          error instanceof ApiError ? (error.details as { reason?: unknown; email?: unknown } | undefined) : undefined;
        switch (detail?.reason) {
          case 'link-sign-in':
            // An existing account: its owner signs in, then comes back here to accept.
            await navigate({
              to: '/sign-in',
              search: { next: here, ...(typeof detail.email === 'string' ? { email: detail.email } : {}) },
              replace: true,
            });
            return;
          case 'link-email-needed':
            return setStep({ kind: 'ask-email' });
          case 'link-account-exists':
            return setStep({ kind: 'ask-email', error: (error as ApiError).message });
          case 'link-other-account':
            return setStep({ kind: 'other-account', message: (error as ApiError).message });
        }
        if (body && error instanceof ApiError && error.status === 400)
          return setStep({ kind: 'ask-email', error: error.message });
        const fallback: BadLinkReason =
          error instanceof ApiError && error.code === 'rate_limited'
            ? 'too-many-requests'
            : (error instanceof Error && error.message === 'Could not get access.') || error instanceof IdentityError
              ? 'no-access'
              : 'request-failed';
        await navigate({
          to: '/400',
          search: { reason: isBadLinkReason(detail?.reason) ? detail.reason : fallback },
          replace: true,
        });
      }
    },
    [code, destination, here, navigate],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void consume();
  }, [consume]);

  if (step.kind === 'ask-email') {
    return (
      <ArrivalCard>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim()) void consume({ email: email.trim() });
          }}
        >
          <Stack>
            <Title order={2} size="h3">
              {t('app.arrive.create')}
            </Title>
            <Text size="sm">{t('app.arrive.create-text')}</Text>
            {step.error && (
              <Alert color="red" role="alert">
                {step.error}
              </Alert>
            )}
            <TextInput
              label={t('app.arrive.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit">{t('app.arrive.create-button')}</Button>
          </Stack>
        </form>
      </ArrivalCard>
    );
  }

  if (step.kind === 'choose-password') {
    const arrive = () => {
      // The welcome steps may come first; where the invitation leads, when it is not the home, is kept for after them.
      if (step.to !== '/') sessionStorage.setItem(ARRIVAL_TARGET_KEY, step.to);
      void navigate({ to: step.to, replace: true });
    };
    return <ChoosePassword step={step} onDone={arrive} onProblem={(error) => setStep({ ...step, error })} />;
  }

  if (step.kind === 'other-account') {
    return (
      <ArrivalCard>
        <Stack>
          <Title order={2} size="h3">
            {t('app.arrive.someone-else')}
          </Title>
          <Alert color="orange" role="alert">
            {step.message}
          </Alert>
          <Button
            // Signed out, the invited person signs in and comes back here to accept.
            onClick={() => void signOut(`/sign-in?next=${encodeURIComponent(here)}`)}
          >
            {t('app.start.sign-out')}
          </Button>
        </Stack>
      </ArrivalCard>
    );
  }

  return (
    <Center mih="100vh">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{t('app.arrive.opening')}</Text>
      </Stack>
    </Center>
  );
}

/** Arriving with a new account: a password to sign in with next time, or none (a code by e-mail will do). */
function ChoosePassword({
  step,
  onDone,
  onProblem,
}: {
  step: { to: string; error?: string };
  onDone: () => void;
  onProblem: (error: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [isSaving, setSaving] = useState(false);
  const t = useT();
  const save = async () => {
    setSaving(true);
    try {
      await api('/api/me/password', { method: 'POST', body: { newPassword: password } });
      onDone();
    } catch (caught) {
      onProblem(caught instanceof ApiError ? caught.message : t('app.arrive.password-failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ArrivalCard>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack data-testid="choose-password">
          <Title order={2} size="h3">
            {t('app.arrive.choose')}
          </Title>
          <Text size="sm">{t('app.arrive.choose-text')}</Text>
          <PasswordInput
            label={t('app.password.label')}
            description={t('app.password.length', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={step.error}
          />
          <Button type="submit" loading={isSaving} disabled={password.length === 0}>
            {t('app.arrive.save')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('app.arrive.not-now')}
          </Button>
        </Stack>
      </form>
    </ArrivalCard>
  );
}

/** The card every step of arriving is drawn in, alone in the middle of the page. */
function ArrivalCard({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="lg" maw={420} w="100%">
        {children}
      </Paper>
    </Center>
  );
}
