import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IdentityError, resetPassword, verifyEmail } from '../../../lib/auth-client.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { passwordPolicyQuery } from '../api/get-password-policy.ts';
import { NewPasswordField } from './password-field.tsx';
import { isPasswordAcceptable } from './password-rules.ts';

export type EmailLinkMode = 'verifyEmail' | 'resetPassword';

const INVALID_LINK = 'This link is not complete. Open it again from the e-mail, or ask for a new one.';

/** /my-account: what the links in our e-mails open (verify the address, or choose a new password). */
export function EmailLinkHandler({ mode, token }: { mode: EmailLinkMode | undefined; token: string | undefined }) {
  if (!mode || !token) {
    return (
      <Alert color="orange" title="This link cannot be used" data-testid="link-error">
        {INVALID_LINK}
      </Alert>
    );
  }
  return mode === 'verifyEmail' ? <VerifyEmail token={token} /> : <ResetPassword token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<'working' | 'done' | string>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(() => setState('done'))
      .catch((error: unknown) => setState(error instanceof IdentityError ? error.message : 'We could not confirm your address.'));
  }, [token]);

  if (state === 'working') {
    return (
      <Stack align="center">
        <Loader />
        <Text>Confirming your e-mail address…</Text>
      </Stack>
    );
  }
  if (state === 'done') {
    return (
      <Stack data-testid="email-verified">
        <Alert color="green" title="Your e-mail address is confirmed">
          Thank you. You can carry on where you left off.
        </Alert>
        <LinkButton to="/">Continue</LinkButton>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert color="orange" title="This link cannot be used" data-testid="link-error">
        {state}
      </Alert>
      <LinkButton to="/sign-in" variant="default">
        Go to sign-in
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPasswordAcceptable(password)) return setError('Choose a password that meets every rule below.');
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (caught) {
      if (caught instanceof IdentityError && caught.code === 'auth/weak-password') {
        await queryClient.invalidateQueries({ queryKey: passwordPolicyQuery.queryKey });
      }
      setError(caught instanceof IdentityError ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (isDone) {
    return (
      <Stack data-testid="password-reset">
        <Alert color="green" title="Your new password is set">
          Sign in with it now. Other devices signed in to your account were signed out.
        </Alert>
        <LinkButton to="/sign-in">Sign in</LinkButton>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NewPasswordField label="New password" value={password} onChange={setPassword} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={isBusy}>
          Set my new password
        </Button>
      </Stack>
    </form>
  );
}
