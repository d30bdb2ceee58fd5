import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeEmail,
  changePassword,
  IdentityError,
  listSessions,
  revokeSession,
  signOut,
  updateName,
} from '../../../lib/auth-client.ts';
import { DevModeSwitch } from '../../../components/ui/dev-mode-switch.tsx';
import { meQuery, type Me } from '../../../lib/session.ts';
import { api } from '../../../lib/api-client.ts';
import { myProjectsQuery } from '../../../lib/my-projects.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { describeDevice, LANGUAGE_NAMES, type Translate } from '@decor/core';
import {
  CONFIRM_WINDOWS,
  setConfirmWindow,
  useConfirmWindow,
  type ConfirmWindow,
} from '../../../lib/confirm-window.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/** /account: profile, e-mail, password, active sessions, projects, developer mode, sign out. */
export function AccountPage() {
  const { data: me } = useQuery(meQuery);
  const t = useT();
  if (!me) return null;
  return (
    <Stack gap="lg" maw={960}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileSection me={me} />
        <EmailSection me={me} />
        <PasswordSection />
        <ProjectsSection />
      </SimpleGrid>
      <SessionsSection />
      <LanguageSection />
      <MessagesSection me={me} />
      <ConfirmationsSection />
      <SectionCard title={t('app.account.sign-out-title')}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('app.account.sign-out-text')}
          </Text>
          <Button color="red" variant="light" onClick={() => void signOut()}>
            {t('app.start.sign-out')}
          </Button>
        </Group>
        {me.isAdmin && <DevModeSwitch />}
      </SectionCard>
    </Stack>
  );
}

function ProfileSection({ me }: { me: Me }) {
  const [name, setName] = useState(me.name);
  const save = useMutation({ mutationFn: () => updateName(name.trim()) });
  const t = useT();
  const errorText = useErrorText();
  return (
    <SectionCard title={t('app.account.profile')}>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('app.account.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
          />
          {save.isSuccess && (
            <Text size="sm" c="green.8">
              {t('app.account.saved')}
            </Text>
          )}
          {save.isError && <Alert color="red">{errorText(save.error, 'app.start.failed')}</Alert>}
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!name.trim() || name.trim() === me.name}
            w="fit-content"
          >
            {t('app.configure.save')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function EmailSection({ me }: { me: Me }) {
  const [email, setEmail] = useState('');
  const change = useMutation({ mutationFn: () => changeEmail(email.trim()) });
  const t = useT();
  const errorText = useErrorText();
  return (
    <SectionCard title={t('app.account.email')}>
      <Group gap="xs">
        <Text>{me.email}</Text>
        <Badge color={me.emailVerified ? 'green' : 'orange'} variant="light">
          {me.emailVerified ? t('app.account.confirmed') : t('app.account.not-confirmed')}
        </Badge>
      </Group>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (email.trim()) change.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('app.account.new-email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {change.isSuccess && (
            <Text size="sm" c="green.8">
              {t('app.account.email-sent', { email: me.email })}
            </Text>
          )}
          {change.isError && <Alert color="red">{errorText(change.error, 'app.start.failed')}</Alert>}
          <Button type="submit" variant="default" loading={change.isPending} disabled={!email.trim()} w="fit-content">
            {t('app.account.change-email')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** What went wrong changing the password, in this form's words (a wrong password here is the current one). */
function passwordChangeProblem(error: unknown, t: Translate, errorText: ReturnType<typeof useErrorText>): string {
  if (error instanceof IdentityError && error.code === 'auth/wrong-password') return t('app.account.wrong-current');
  return error instanceof IdentityError ? error.message : errorText(error, 'app.start.failed');
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: () => changePassword({ currentPassword: current, newPassword: next }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const t = useT();
  const errorText = useErrorText();
  return (
    <SectionCard title={t('app.account.password')}>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          change.mutate();
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label={t('app.account.current-password')}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
          />
          <PasswordInput
            label={t('app.link.new-password')}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            autoComplete="new-password"
          />
          {change.isSuccess && (
            <Text size="sm" c="green.8">
              {t('app.account.password-changed')}
            </Text>
          )}
          {change.isError && <Alert color="red">{passwordChangeProblem(change.error, t, errorText)}</Alert>}
          <Button
            type="submit"
            variant="default"
            loading={change.isPending}
            disabled={!current || !next}
            w="fit-content"
          >
            {t('app.account.change-password')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function ProjectsSection() {
  const { data: projects = [], isLoading } = useQuery(myProjectsQuery);
  const t = useT();
  return (
    <SectionCard title={t('app.account.projects')}>
      {isLoading && <Text c="dimmed">{t('app.account.loading')}</Text>}
      {!isLoading && projects.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('app.account.no-projects')}
        </Text>
      )}
      <Stack gap="xs" data-testid="my-projects">
        {projects.map((project) => (
          <Group key={project._id} justify="space-between">
            <Anchor href={project.url}>{project.name}</Anchor>
            <Badge variant="light">{t(`app.account.role.${project.role}`)}</Badge>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['me', 'sessions'], queryFn: listSessions });
  const { dateTime } = useDates();
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
  const t = useT();
  const errorText = useErrorText();
  return (
    <SectionCard title={t('app.account.sessions')}>
      {sessions.isError && <Alert color="red">{errorText(sessions.error, 'app.start.failed')}</Alert>}
      {/* A card per session at every width: its device, times and "End session" always in view. */}
      <Stack gap="xs" data-testid="sessions">
        {(sessions.data ?? []).map((session) => (
          <Group
            key={session.id}
            justify="space-between"
            align="start"
            gap="xs"
            wrap="wrap"
            py={4}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text size="sm" lineClamp={1} title={session.userAgent ?? ''}>
                {describeDevice(session.userAgent, t)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('app.account.session', {
                  signedIn: dateTime(session.createdAt),
                  active: dateTime(session.updatedAt),
                })}
                {session.ipAddress ? ` · ${session.ipAddress}` : ''}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => revoke.mutate(session.token)}
              loading={revoke.isPending && revoke.variables === session.token}
            >
              {t('app.account.end-session')}
              <VisuallyHidden>
                {' '}
                {t('app.account.end-session-hidden', {
                  device: describeDevice(session.userAgent, t),
                  date: dateTime(session.createdAt),
                })}
              </VisuallyHidden>
            </Button>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** How long a two-click delete waits for its second click, for this person in this browser (WCAG 2.2.1). */
function ConfirmationsSection() {
  const chosen = useConfirmWindow();
  const t = useT();
  return (
    <SectionCard title={t('app.account.confirmations')}>
      <Text size="sm" c="dimmed">
        {t('app.account.confirmations-text')}
      </Text>
      <SegmentedControl
        aria-label={t('app.account.click-again')}
        data={CONFIRM_WINDOWS.map((window) => ({
          value: window === null ? 'none' : String(window),
          label: t(`app.account.window.${window === null ? 'none' : (String(window) as '1000' | '3000' | '10000')}`),
        }))}
        value={chosen === null ? 'none' : String(chosen)}
        onChange={(value) => setConfirmWindow(value === 'none' ? null : (Number(value) as ConfirmWindow))}
        fullWidth
      />
    </SectionCard>
  );
}

/** The language of the portal, its mails and the documents the person signs: kept on the account (docs/languages.md). */
function LanguageSection() {
  const t = useT();
  const { language, languages, choose } = useLanguage();
  if (languages.length < 2) return null;
  return (
    <SectionCard title={t('app.language')}>
      <Text size="sm" c="dimmed">
        {t('app.account.language-text')}
      </Text>
      <SegmentedControl
        aria-label={t('app.language')}
        data={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        value={language}
        onChange={(value) => void choose(value as typeof language)}
        data-testid="account-language"
      />
    </SectionCard>
  );
}

/** Whether digests of unread messages are mailed (docs/comments.md): kept on the account. */
function MessagesSection({ me }: { me: Me }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = async (commentMails: boolean) => {
    setSaving(true);
    setProblem(null);
    try {
      queryClient.setQueryData(meQuery.queryKey, await api<Me>('/api/me', { method: 'PATCH', body: { commentMails } }));
    } catch {
      setProblem(t('app.account.comment-mails-failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <SectionCard title={t('app.account.messages-title')}>
      <Switch
        label={t('app.account.comment-mails')}
        description={t('app.account.comment-mails-text')}
        checked={me.commentMails}
        disabled={saving}
        onChange={(event) => void change(event.currentTarget.checked)}
        data-testid="comment-mails"
      />
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </SectionCard>
  );
}
