import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IdentityError, resetPassword, verifyEmail } from '../../../lib/auth-client.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { passwordPolicyQuery } from '../api/get-password-policy.ts';
import { NewPasswordField } from './password-field.tsx';
import { isPasswordAcceptable } from './password-rules.ts';
import { useT } from '../../../lib/i18n.ts';

export type EmailLinkMode = 'verifyEmail' | 'resetPassword';

/** /my-account: what the links in our e-mails open (verify the address, or choose a new password). */
export function EmailLinkHandler({ mode, token }: { mode: EmailLinkMode | undefined; token: string | undefined }) {
  const t = useT();
  if (!mode || !token) {
    return (
      <Alert color="orange" title={t('app.link.cannot')} data-testid="link-error">
        {t('app.link.incomplete')}
      </Alert>
    );
  }
  return mode === 'verifyEmail' ? <VerifyEmail token={token} /> : <ResetPassword token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<'working' | 'done' | string>('working');
  const started = useRef(false);
  const t = useT();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState(error instanceof IdentityError ? error.message : t('app.link.not-confirmed')),
      );
  }, [token, t]);

  if (state === 'working') {
    return (
      <Stack align="center">
        <Loader />
        <Text>{t('app.link.confirming')}</Text>
      </Stack>
    );
  }
  if (state === 'done') {
    return (
      <Stack data-testid="email-verified">
        <Alert color="green" title={t('app.link.confirmed')}>
          {t('app.link.carry-on')}
        </Alert>
        <LinkButton to="/">{t('app.link.continue')}</LinkButton>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert color="orange" title={t('app.link.cannot')} data-testid="link-error">
        {state}
      </Alert>
      <LinkButton to="/sign-in" variant="default">
        {t('app.link.to-sign-in')}
      </LinkButton>
    </Stack>
  );
}

function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);
  const queryClient = useQueryClient();
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPasswordAcceptable(password)) return setError(t('app.link.rules'));
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (caught) {
      if (caught instanceof IdentityError && caught.code === 'auth/weak-password') {
        await queryClient.invalidateQueries({ queryKey: passwordPolicyQuery.queryKey });
      }
      setError(caught instanceof IdentityError ? caught.message : t('app.start.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (isDone) {
    return (
      <Stack data-testid="password-reset">
        <Alert color="green" title={t('app.link.password-set')}>
          {t('app.link.sign-in-now')}
        </Alert>
        <LinkButton to="/sign-in">{t('app.link.sign-in')}</LinkButton>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NewPasswordField label={t('app.link.new-password')} value={password} onChange={setPassword} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={isBusy}>
          {t('app.link.set')}
        </Button>
      </Stack>
    </form>
  );
}
