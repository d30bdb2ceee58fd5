import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ONE_TIME_CODE_LENGTH, safeNextPath, type FirstPageKey } from '@decor/core';
import { useFirstPageText } from '../../../lib/first-page-text.ts';
/**
 * The identity calls load when the person first touches the form (or sends it), not with the
 * page: the first page's budget is paid for the page itself (docs/performance.md, "Page weight").
 */
const identity = () => import('../../../lib/auth-client.ts');
import { envQuery } from '../../../lib/env.ts';
import { passwordPolicyQuery } from '../api/get-password-policy.ts';
import { isPasswordAcceptable } from './password-rules.ts';

// Only people creating an account need the policy field: keep it out of the first page.
const NewPasswordField = lazy(() => import('./password-field.tsx').then((m) => ({ default: m.NewPasswordField })));

export type Mode = 'sign-in' | 'sign-up' | 'code' | 'forgot';

/** The page's title for each way in (the tab chosen names the page). */
export const MODE_TITLES: Record<Mode, FirstPageKey> = {
  'sign-in': 'signin.title.sign-in',
  'sign-up': 'signin.title.sign-up',
  code: 'signin.title.code',
  forgot: 'signin.title.forgot',
};

const MODES: Array<{ value: Mode; label: FirstPageKey }> = [
  { value: 'sign-in', label: 'signin.tab.sign-in' },
  { value: 'sign-up', label: 'signin.tab.sign-up' },
  { value: 'code', label: 'signin.tab.code' },
];

/**
 * What the sign-in form knows and does: the way in chosen, what was typed, and each way's call
 * to the identity provider, checked first for what is missing (docs/identity.md).
 */
function useSignIn({
  next,
  initialEmail,
  onModeChange,
}: {
  next?: string | undefined;
  initialEmail: string;
  onModeChange?: ((mode: Mode) => void) | undefined;
}) {
  const [mode, setModeState] = useState<Mode>('sign-in');
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
  const say = useFirstPageText();

  const goNext = () => navigate({ to: safeNextPath(next), replace: true });

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      const { IdentityError } = await identity();
      if (caught instanceof IdentityError) {
        if (caught.code === 'auth/weak-password')
          await queryClient.invalidateQueries({ queryKey: passwordPolicyQuery.queryKey });
        // A code typed wrong is not a used link: say what to do with the code.
        if (mode === 'code' && caught.code === 'auth/invalid-action-code') setError(say('signin.wrong-code'));
        else setError(caught.message);
      } else {
        setError(say('signin.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  /** The call the chosen way makes, or the sentence saying what is missing first. */
  const send = (): void | Promise<void> => {
    const address = email.trim();
    if (mode === 'sign-in') {
      if (!address || !password) return setError(say('signin.need-email-password'));
      return run(async () => {
        await (await identity()).signInWithPassword({ email: address, password, rememberMe: isRemembered });
        await goNext();
      });
    }
    if (mode === 'sign-up') {
      if (!name.trim()) return setError(say('signin.need-name'));
      if (!address) return setError(say('signin.need-email'));
      if (!isPasswordAcceptable(password, email)) return setError(say('signin.need-rules'));
      return run(async () => {
        // The account opens through the link mailed to the address (the same answer whether or not it was new).
        await (await identity()).signUpWithPassword({ name: name.trim(), email: address, password });
        setSignUpSent(true);
      });
    }
    if (mode === 'code' && isCodeSent) {
      return run(async () => {
        await (await identity()).signInWithCode({ email: address, code, rememberMe: isRemembered });
        await goNext();
      });
    }
    if (!address) return setError(say('signin.need-email'));
    return run(async () => {
      if (mode === 'code') {
        await (await identity()).sendSignInCode(address);
        setCodeSent(true);
      } else {
        await (await identity()).requestPasswordReset(address);
        setResetSent(true);
      }
    });
  };

  const changeMode = (value: Mode) => {
    setModeState(value);
    onModeChange?.(value);
    setError(null);
    setCodeSent(false);
    setResetSent(false);
    setSignUpSent(false);
  };

  return {
    mode,
    changeMode,
    fields: { email, setEmail, password, setPassword, name, setName, code, setCode, isRemembered, setRemembered },
    sent: { isCodeSent, isResetSent, isSignUpSent },
    error,
    isBusy,
    send,
    singleSignOn: () => run(async () => (await identity()).signInWithProvider(safeNextPath(next))),
  };
}

/** Sign in, sign up, one-time code and forgotten password, then back to `next`. */
export function SignInForm({
  next,
  initialEmail = '',
  onModeChange,
}: {
  next?: string;
  initialEmail?: string;
  onModeChange?: (mode: Mode) => void;
}) {
  const { mode, changeMode, fields, sent, error, isBusy, send, singleSignOn } = useSignIn({
    next,
    initialEmail,
    onModeChange,
  });
  const { email, setEmail, password, setPassword, name, setName, code, setCode, isRemembered, setRemembered } = fields;
  const { isCodeSent, isResetSent, isSignUpSent } = sent;
  const { data: env } = useQuery(envQuery);
  const say = useFirstPageText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={submit} onFocusCapture={() => void identity()} noValidate>
      <Stack>
        {mode !== 'forgot' && <ModeTabs mode={mode} onChange={changeMode} />}
        {mode === 'sign-up' && (
          <TextInput
            label={say('signin.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="name"
            required
          />
        )}
        <TextInput
          label={say('signin.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          required
          disabled={mode === 'code' && isCodeSent}
        />
        {mode === 'sign-in' && (
          <PasswordInput
            label={say('signin.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            required
          />
        )}
        {mode === 'sign-up' && (
          <Suspense
            fallback={
              <PasswordInput
                label={say('signin.password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            }
          >
            <NewPasswordField value={password} onChange={setPassword} email={email} />
          </Suspense>
        )}
        {mode === 'code' && isCodeSent && <CodeField email={email} code={code} onCode={setCode} />}
        {mode === 'sign-up' && isSignUpSent && (
          <Alert color="green" title={say('signin.sent-title')} role="status" data-testid="sign-up-sent">
            {say('signin.sent', { email })}
          </Alert>
        )}
        {mode === 'forgot' && (
          <Text size="sm" c="dimmed">
            {isResetSent ? say('signin.reset-sent', { email }) : say('signin.reset-intro')}
          </Text>
        )}
        {(mode === 'sign-in' || mode === 'code') && (
          <PlainCheckbox
            label={say('signin.remember')}
            checked={isRemembered}
            onChange={(e) => setRemembered(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="sign-in-error">
            {error}
          </Alert>
        )}
        {!(mode === 'forgot' && isResetSent) && !(mode === 'sign-up' && isSignUpSent) && (
          <Button type="submit" loading={isBusy} fullWidth>
            {mode === 'sign-in' && say('signin.submit.sign-in')}
            {mode === 'sign-up' && say('signin.submit.sign-up')}
            {mode === 'code' && (isCodeSent ? say('signin.submit.code-sent') : say('signin.submit.code'))}
            {mode === 'forgot' && say('signin.submit.forgot')}
          </Button>
        )}
        <OtherWays mode={mode} onMode={changeMode} onSingleSignOn={env?.features.oidcSignIn ? singleSignOn : null} />
      </Stack>
    </form>
  );
}

/** The ways to get in, as tabs: a password, a code by e-mail, a new account. */
function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const say = useFirstPageText();
  return (
    <Group gap={4} grow role="tablist" aria-label={say('signin.tabs')}>
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
          {say(option.label)}
        </Button>
      ))}
    </Group>
  );
}

/** The code mailed to the person, typed as digits only. */
function CodeField({ email, code, onCode }: { email: string; code: string; onCode: (code: string) => void }) {
  const say = useFirstPageText();
  return (
    <Stack gap={6}>
      <Text size="sm">{say('signin.code-sent', { digits: ONE_TIME_CODE_LENGTH, email })}</Text>
      <TextInput
        label={say('signin.code')}
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
function OtherWays({
  mode,
  onMode,
  onSingleSignOn,
}: {
  mode: Mode;
  onMode: (mode: Mode) => void;
  onSingleSignOn: (() => void) | null;
}) {
  const say = useFirstPageText();
  return (
    <>
      <Group justify="space-between">
        {mode === 'sign-in' && (
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('forgot')}>
            {say('signin.forgot')}
          </Anchor>
        )}
        {mode === 'forgot' && (
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('sign-in')}>
            {say('signin.back')}
          </Anchor>
        )}
      </Group>
      {onSingleSignOn && mode !== 'forgot' && (
        <>
          <Text ta="center" size="sm" c="dimmed">
            {say('signin.or')}
          </Text>
          <Button variant="default" fullWidth onClick={onSingleSignOn}>
            {say('signin.sso')}
          </Button>
        </>
      )}
    </>
  );
}
