import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ONE_TIME_CODE_LENGTH, safeNextPath } from '@decor/core';
import {
  IdentityError,
  requestPasswordReset,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signInWithProvider,
  signUpWithPassword,
} from '../../../lib/auth-client.ts';
import { envQuery } from '../../../lib/env.ts';
import { passwordPolicyQuery } from '../api/get-password-policy.ts';
import { isPasswordAcceptable } from './password-rules.ts';

// Only people creating an account need the policy field: keep it out of the first page.
const NewPasswordField = lazy(() => import('./password-field.tsx').then((m) => ({ default: m.NewPasswordField })));

export type Mode = 'sign-in' | 'sign-up' | 'code' | 'forgot';

/** The page's title for each way in (the tab chosen names the page). */
export const MODE_TITLES: Record<Mode, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Create your account',
  code: 'Sign in with an e-mail code',
  forgot: 'Choose a new password',
};

const MODES: Array<{ value: Mode; label: string }> = [
  { value: 'sign-in', label: 'Sign in' },
  { value: 'sign-up', label: 'New account' },
  { value: 'code', label: 'E-mail code' },
];

/** Sign in, sign up, one-time code and forgotten password, then back to `next`. */
export function SignInForm({ next, initialEmail = '', onModeChange }: { next?: string; initialEmail?: string; onModeChange?: (mode: Mode) => void }) {
  const [mode, setModeState] = useState<Mode>('sign-in');
  const setMode = (value: Mode) => {
    setModeState(value);
    onModeChange?.(value);
  };
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [isRemembered, setRemembered] = useState(true);
  const [isCodeSent, setCodeSent] = useState(false);
  const [isResetSent, setResetSent] = useState(false);
  const [isSignUpSent, setSignUpSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: env } = useQuery(envQuery);

  const goNext = () => navigate({ to: safeNextPath(next), replace: true });

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof IdentityError) {
        if (caught.code === 'auth/weak-password') await queryClient.invalidateQueries({ queryKey: passwordPolicyQuery.queryKey });
        // A code typed wrong is not a used link: say what to do with the code.
        if (mode === 'code' && caught.code === 'auth/invalid-action-code')
          setError('That code is not the one we sent, or it has expired. Check the newest e-mail, or send a new code.');
        else setError(caught.message);
      } else {
        setError('Something went wrong. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'sign-in') {
      if (!email.trim() || !password) return setError('Enter your e-mail address and your password.');
      return run(async () => {
        await signInWithPassword({ email: email.trim(), password, rememberMe: isRemembered });
        await goNext();
      });
    }
    if (mode === 'sign-up') {
      if (!name.trim()) return setError('Enter your name.');
      if (!email.trim()) return setError('Enter your e-mail address.');
      if (!isPasswordAcceptable(password, email)) return setError('Choose a password that meets every rule listed under the password.');
      return run(async () => {
        // The account opens through the link mailed to the address (the same answer whether or not it was new).
        await signUpWithPassword({ name: name.trim(), email: email.trim(), password });
        setSignUpSent(true);
      });
    }
    if (mode === 'code') {
      if (!isCodeSent) {
        if (!email.trim()) return setError('Enter your e-mail address.');
        return run(async () => {
          await sendSignInCode(email.trim());
          setCodeSent(true);
        });
      }
      return run(async () => {
        await signInWithCode({ email: email.trim(), code, rememberMe: isRemembered });
        await goNext();
      });
    }
    if (!email.trim()) return setError('Enter your e-mail address.');
    return run(async () => {
      await requestPasswordReset(email.trim());
      setResetSent(true);
    });
  };

  const changeMode = (value: Mode) => {
    setMode(value);
    setError(null);
    setCodeSent(false);
    setResetSent(false);
    setSignUpSent(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {mode !== 'forgot' && <ModeTabs mode={mode} onChange={changeMode} />}
        {mode === 'sign-up' && <TextInput label="Your name" value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="name" required />}
        <TextInput
          label="E-mail address"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          required
          disabled={mode === 'code' && isCodeSent}
        />
        {mode === 'sign-in' && (
          <PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required />
        )}
        {mode === 'sign-up' && (
          <Suspense fallback={<PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />}>
            <NewPasswordField value={password} onChange={setPassword} email={email} />
          </Suspense>
        )}
        {mode === 'code' && isCodeSent && <CodeField email={email} code={code} onCode={setCode} />}
        {mode === 'sign-up' && isSignUpSent && (
          <Alert color="green" title="Check your e-mail" role="status" data-testid="sign-up-sent">
            We sent a link to {email}. Open it to confirm your address and sign in. If this address already has an account, the e-mail says how to get back into
            it.
          </Alert>
        )}
        {mode === 'forgot' && (
          <Text size="sm" c="dimmed">
            {isResetSent
              ? `If there is an account for ${email}, a link to choose a new password is on its way.`
              : 'Enter your e-mail address and we will send you a link to choose a new password.'}
          </Text>
        )}
        {(mode === 'sign-in' || mode === 'code') && (
          <PlainCheckbox label="Remember me on this device" checked={isRemembered} onChange={(e) => setRemembered(e.currentTarget.checked)} />
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="sign-in-error">
            {error}
          </Alert>
        )}
        {!(mode === 'forgot' && isResetSent) && !(mode === 'sign-up' && isSignUpSent) && (
          <Button type="submit" loading={isBusy} fullWidth>
            {mode === 'sign-in' && 'Sign in'}
            {mode === 'sign-up' && 'Create my account'}
            {mode === 'code' && (isCodeSent ? 'Sign in with this code' : 'Send me a code')}
            {mode === 'forgot' && 'Send me a link'}
          </Button>
        )}
        <OtherWays mode={mode} onMode={changeMode} onSingleSignOn={env?.features.oidcSignIn ? () => run(() => signInWithProvider(safeNextPath(next))) : null} />
      </Stack>
    </form>
  );
}

/** The ways to get in, as tabs: a password, a code by e-mail, a new account. */
function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <Group gap={4} grow role="tablist" aria-label="How to sign in">
      {MODES.map((option) => (
        <Button
          key={option.value}
          role="tab"
          aria-selected={mode === option.value}
          variant={mode === option.value ? 'light' : 'subtle'}
          size="compact-sm"
          px={6}
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}

/** The code mailed to the person, typed as digits only. */
function CodeField({ email, code, onCode }: { email: string; code: string; onCode: (code: string) => void }) {
  return (
    <Stack gap={6}>
      <Text size="sm">
        We sent a {ONE_TIME_CODE_LENGTH}-digit code to {email}. Enter it here:
      </Text>
      <TextInput
        label="Sign-in code"
        value={code}
        onChange={(e) => onCode(e.currentTarget.value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={ONE_TIME_CODE_LENGTH}
        styles={{ input: { letterSpacing: '0.4em', fontSize: 20 } }}
      />
    </Stack>
  );
}

/** The other ways from here: the forgotten password and back, and single sign-on where the platform offers it. */
function OtherWays({ mode, onMode, onSingleSignOn }: { mode: Mode; onMode: (mode: Mode) => void; onSingleSignOn: (() => void) | null }) {
  return (
    <>
      <Group justify="space-between">
        {mode === 'sign-in' && (
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('forgot')}>
            Forgot your password?
          </Anchor>
        )}
        {mode === 'forgot' && (
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('sign-in')}>
            Back to sign-in
          </Anchor>
        )}
      </Group>
      {onSingleSignOn && mode !== 'forgot' && (
        <>
          <Text ta="center" size="sm" c="dimmed">
            or
          </Text>
          <Button variant="default" fullWidth onClick={onSingleSignOn}>
            Continue with single sign-on
          </Button>
        </>
      )}
    </>
  );
}
