import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeEmail, changePassword, IdentityError, listSessions, revokeSession, signOut, updateName } from '../../../lib/auth-client.ts';
import { DevModeSwitch } from '../../../components/ui/dev-mode-switch.tsx';
import { meQuery, type Me } from '../../../lib/session.ts';
import { myProjectsQuery, type MyProject } from '../../../lib/my-projects.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { describeDevice } from '@decor/core';
import { CONFIRM_WINDOWS, setConfirmWindow, useConfirmWindow, type ConfirmWindow } from '../../../lib/confirm-window.ts';

const ROLE_LABEL: Record<MyProject['role'], string> = { purchaser: 'Buyer', manager: 'Manager', admin: 'Administrator' };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** /account: profile, e-mail, password, active sessions, projects, developer mode, sign out. */
export function AccountPage() {
  const { data: me } = useQuery(meQuery);
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
      <ConfirmationsSection />
      <SectionCard title="Sign out">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Signs this browser out and ends its session on the server.
          </Text>
          <Button color="red" variant="light" onClick={() => void signOut()}>
            Sign out
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
  return (
    <SectionCard title="Profile">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Your name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} />
          {save.isSuccess && (
            <Text size="sm" c="green.8">
              Saved.
            </Text>
          )}
          {save.isError && <Alert color="red">{messageOf(save.error)}</Alert>}
          <Button type="submit" loading={save.isPending} disabled={!name.trim() || name.trim() === me.name} w="fit-content">
            Save
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function EmailSection({ me }: { me: Me }) {
  const [email, setEmail] = useState('');
  const change = useMutation({ mutationFn: () => changeEmail(email.trim()) });
  return (
    <SectionCard title="E-mail address">
      <Group gap="xs">
        <Text>{me.email}</Text>
        <Badge color={me.emailVerified ? 'green' : 'orange'} variant="light">
          {me.emailVerified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </Group>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (email.trim()) change.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput label="New e-mail address" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          {change.isSuccess && (
            <Text size="sm" c="green.8">
              We sent a message to {me.email} to confirm the change.
            </Text>
          )}
          {change.isError && <Alert color="red">{messageOf(change.error)}</Alert>}
          <Button type="submit" variant="default" loading={change.isPending} disabled={!email.trim()} w="fit-content">
            Change e-mail address
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** What went wrong changing the password, in this form's words (a wrong password here is the current one). */
function passwordChangeProblem(error: unknown): string {
  if (error instanceof IdentityError && error.code === 'auth/wrong-password')
    return 'Your current password is not right. Type it again, or sign out and reset it.';
  return error instanceof IdentityError ? error.message : messageOf(error);
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
  return (
    <SectionCard title="Password">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          change.mutate();
        }}
      >
        <Stack gap="sm">
          <PasswordInput label="Current password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" />
          <PasswordInput label="New password" value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" />
          {change.isSuccess && (
            <Text size="sm" c="green.8">
              Your password is changed; other devices were signed out.
            </Text>
          )}
          {change.isError && <Alert color="red">{passwordChangeProblem(change.error)}</Alert>}
          <Button type="submit" variant="default" loading={change.isPending} disabled={!current || !next} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function ProjectsSection() {
  const { data: projects = [], isLoading } = useQuery(myProjectsQuery);
  return (
    <SectionCard title="Your projects">
      {isLoading && <Text c="dimmed">Loading…</Text>}
      {!isLoading && projects.length === 0 && (
        <Text c="dimmed" size="sm">
          You are not part of any project yet. Open the link your builder sent you to join yours.
        </Text>
      )}
      <Stack gap="xs" data-testid="my-projects">
        {projects.map((project) => (
          <Group key={project._id} justify="space-between">
            <Anchor href={project.url}>{project.name}</Anchor>
            <Badge variant="light">{ROLE_LABEL[project.role]}</Badge>
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
  return (
    <SectionCard title="Where you are signed in">
      {sessions.isError && <Alert color="red">{messageOf(sessions.error)}</Alert>}
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
                {describeDevice(session.userAgent)}
              </Text>
              <Text size="xs" c="dimmed">
                Signed in {dateTime(session.createdAt)} · last active {dateTime(session.updatedAt)}
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
              End session
              <VisuallyHidden>
                {' '}
                on {describeDevice(session.userAgent)}, signed in {dateTime(session.createdAt)}
              </VisuallyHidden>
            </Button>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

const WINDOW_WORDS: Record<string, string> = { '1000': '1 second', '3000': '3 seconds', '10000': '10 seconds', none: 'No limit' };

/** How long a two-click delete waits for its second click, for this person in this browser (WCAG 2.2.1). */
function ConfirmationsSection() {
  const chosen = useConfirmWindow();
  return (
    <SectionCard title="Confirmations">
      <Text size="sm" c="dimmed">
        Deleting, revoking or removing asks for a second click. How long should it wait for it? From the keyboard it always waits until you move on.
      </Text>
      <SegmentedControl
        aria-label="Time to click again"
        data={CONFIRM_WINDOWS.map((window) => ({
          value: window === null ? 'none' : String(window),
          label: WINDOW_WORDS[window === null ? 'none' : String(window)]!,
        }))}
        value={chosen === null ? 'none' : String(chosen)}
        onChange={(value) => setConfirmWindow(value === 'none' ? null : (Number(value) as ConfirmWindow))}
        fullWidth
      />
    </SectionCard>
  );
}
