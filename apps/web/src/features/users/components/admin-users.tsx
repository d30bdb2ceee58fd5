import { useState } from 'react';
import { ConsequenceConfirm } from '../../../components/ui/consequence-confirm.tsx';
import { Alert, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { meQuery } from '../../../lib/session.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminAuditQuery, adminProjectsQuery, adminUsersQuery } from '../../../lib/admin-queries.ts';
import { AuditList } from '../../../components/back-office/audit-list.tsx';

const ROLE_WORDS = { purchaser: 'Buyer', manager: 'Manager' } as const;

/** `/admin/users`: people by e-mail or name, and what an admin may do about each (docs/admin.md, "People"). */
export function AdminUsers({ initialQuery = '' }: { initialQuery?: string }) {
  const [search, setSearch] = useState(initialQuery);
  const [q] = useDebouncedValue(search.trim(), 250);
  const [pages, setPages] = useState<string[]>(['']);
  const after = pages.at(-1) ?? '';
  const users = useQuery(adminUsersQuery(q, after));
  const [openId, setOpenId] = useState<string | null>(null);
  const { dateTime } = useDates();

  return (
    <Stack gap="md">
      <TextInput
        label="Search"
        placeholder="E-mail or name"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPages(['']);
        }}
        w={{ base: '100%', sm: 320 }}
      />
      {users.isError ? (
        <Alert color="red">{users.error instanceof ApiError ? users.error.message : 'The people could not be loaded.'}</Alert>
      ) : !users.data ? (
        <Skeleton h={240} />
      ) : users.data.items.length === 0 ? (
        <Text c="dimmed">{q ? `Nobody matches “${q}”.` : 'Nobody yet.'}</Text>
      ) : (
        <Stack gap="xs" data-testid="admin-users">
          {users.data.items.map((user) => (
            <Card key={user._id} withBorder radius="md" padding="sm" data-testid="admin-user" data-email={user.email}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {user.name || user.email}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email} · {user.lastSignInAt ? `last signed in ${dateTime(user.lastSignInAt)}` : 'never signed in'}
                  </Text>
                  <Group gap={4} mt={4}>
                    {user.isAdmin && <Badge size="sm">Admin</Badge>}
                    {user.disabled && (
                      <Badge size="sm" color="red">
                        Disabled
                      </Badge>
                    )}
                    {!user.emailVerified && (
                      <Badge size="sm" color="orange" variant="light">
                        Address not verified
                      </Badge>
                    )}
                    {user.memberships.map((m) => (
                      <Badge key={m.projectId} size="sm" variant="light" color="gray">
                        {ROLE_WORDS[m.role]} · {m.projectName}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Button size="xs" variant="default" onClick={() => setOpenId(user._id)} aria-label={`Manage ${user.email}`}>
                  Manage
                </Button>
              </Group>
            </Card>
          ))}
          <Group justify="space-between">
            <Button variant="default" size="xs" disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
              Previous
            </Button>
            <Button variant="default" size="xs" disabled={!users.data.next} onClick={() => users.data?.next && setPages((p) => [...p, users.data!.next!])}>
              Next 50
            </Button>
          </Group>
        </Stack>
      )}
      {openId && <UserModal userId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function UserModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const user = useQuery({ queryKey: [...ADMIN_KEY, 'user', userId], queryFn: ({ signal }) => api<AdminUser>(`/api/admin/users/${userId}`, { signal }) });
  const audit = useQuery(adminAuditQuery('user', userId));
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  // Making someone an administrator is asked first, naming what they will be able to do.
  const [isConfirmingAdmin, setConfirmingAdmin] = useState(false);
  const isSelf = me.data?._id === userId;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      setMessage({ color: 'green', text: done });
    } catch (caught) {
      setMessage({ color: 'red', text: caught instanceof ApiError ? caught.message : 'That did not work. Please try again.' });
    } finally {
      setBusy(false);
    }
  };
  const patch = (body: object, done: string) => run(() => api(`/api/admin/users/${userId}`, { method: 'PATCH', body }), done);

  const data = user.data;
  return (
    <Modal opened onClose={onClose} title={data ? data.email : 'Person'} size="lg">
      {!data ? (
        user.isError ? (
          <Alert color="red">This person could not be loaded.</Alert>
        ) : (
          <Skeleton h={200} />
        )
      ) : (
        <Stack gap="md" data-testid="user-detail">
          {message && (
            <Alert color={message.color} data-testid="user-message">
              {message.text}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {data.name || 'No name'} · {data.sessions} live session{data.sessions === 1 ? '' : 's'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Switch
              label="Administrator"
              description={isSelf ? 'You cannot take away your own admin rights.' : 'Every project, the platform’s back office.'}
              checked={data.isAdmin}
              disabled={isBusy || (isSelf && data.isAdmin)}
              onChange={(e) => {
                if (e.currentTarget.checked) setConfirmingAdmin(true);
                else void patch({ isAdmin: false }, 'No longer an administrator.');
              }}
            />
            <Switch
              label="Disabled"
              description={isSelf ? 'You cannot disable yourself.' : 'Cannot sign in; their sessions end at once.'}
              color="red"
              checked={data.disabled}
              disabled={isBusy || isSelf}
              onChange={(e) =>
                void patch(
                  { disabled: e.currentTarget.checked },
                  e.currentTarget.checked ? 'Disabled: every session of theirs has ended.' : 'Enabled: they can sign in again.',
                )
              }
            />
          </SimpleGrid>
          {isConfirmingAdmin && !data.isAdmin && (
            <ConfirmAdmin
              email={data.email}
              isBusy={isBusy}
              onConfirm={() => void patch({ isAdmin: true }, 'Now an administrator.').then(() => setConfirmingAdmin(false))}
              onCancel={() => setConfirmingAdmin(false)}
            />
          )}
          <Group gap="xs" wrap="wrap">
            {!data.emailVerified && (
              <Button size="xs" variant="light" loading={isBusy} onClick={() => void patch({ emailVerified: true }, 'The address is marked as verified.')}>
                Mark the address verified
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              loading={isBusy}
              onClick={() => void run(() => api(`/api/admin/users/${userId}/sign-out`, { method: 'POST', body: {} }), 'Signed out everywhere.')}
            >
              Sign out everywhere
            </Button>
            <Button
              size="xs"
              variant="light"
              loading={isBusy}
              disabled={data.memberships.length === 0}
              onClick={() =>
                void run(() => api(`/api/admin/users/${userId}/reset-link`, { method: 'POST', body: {} }), `A password reset link went to ${data.email}.`)
              }
            >
              Send a password reset link
            </Button>
          </Group>

          <Memberships user={data} isBusy={isBusy} run={run} />

          <Stack gap="xs">
            <Title order={2} fz="md">
              Changes by admins
            </Title>
            <AuditList entries={audit.data ?? []} />
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

/** Making someone an administrator, asked first: what they will be able to do, then yes or no. */
function ConfirmAdmin({ email, isBusy, onConfirm, onCancel }: { email: string; isBusy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConsequenceConfirm
      testId="confirm-admin"
      title={`Make ${email} a platform administrator?`}
      confirmLabel="Make an administrator"
      size="xs"
      isBusy={isBusy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text size="sm">They will be able to:</Text>
      <Text component="ul" size="sm" m={0} pl="md">
        <li>see and change every project: its settings, catalogue, units, buyers and their selections;</li>
        <li>create, copy, import, export and archive projects;</li>
        <li>give anyone a role in any project, make other administrators, disable accounts and sign people out;</li>
        <li>change the platform’s deploys and feature flags.</li>
      </Text>
      <Text size="sm">Every change they make is kept in the audit log with their name.</Text>
    </ConsequenceConfirm>
  );
}

type Run = (call: () => Promise<unknown>, done: string) => Promise<void>;

/** A person's projects: their role in each, changed or removed, and a project to add them to. */
function Memberships({ user, isBusy, run }: { user: AdminUser; isBusy: boolean; run: Run }) {
  const projects = useQuery(adminProjectsQuery());
  const [grantProject, setGrantProject] = useState<string | null>(null);
  const [grantRole, setGrantRole] = useState<'purchaser' | 'manager'>('purchaser');
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        Projects
      </Title>
      {user.memberships.length === 0 && (
        <Text size="sm" c="dimmed">
          In no project.
        </Text>
      )}
      {user.memberships.map((m) => (
        <Group key={m.projectId} justify="space-between" wrap="wrap" gap="xs" data-testid="membership">
          <Text size="sm">{m.projectName}</Text>
          <Group gap="xs">
            <Select
              size="xs"
              aria-label={`Role in ${m.projectName}`}
              data={[
                { value: 'purchaser', label: 'Buyer' },
                { value: 'manager', label: 'Manager' },
              ]}
              value={m.role}
              allowDeselect={false}
              onChange={(role) =>
                role &&
                role !== m.role &&
                void run(
                  () => api(`/api/admin/users/${user._id}/memberships/${m.projectId}`, { method: 'PUT', body: { role } }),
                  `Now ${ROLE_WORDS[role as 'purchaser']} in ${m.projectName}.`,
                )
              }
              w={120}
            />
            <TwoClickDelete
              size="xs"
              variant="subtle"
              color="red"
              onConfirm={() =>
                void run(() => api(`/api/admin/users/${user._id}/memberships/${m.projectId}`, { method: 'DELETE' }), `Removed from ${m.projectName}.`)
              }
              confirmLabel="Click again to remove"
            >
              Remove
            </TwoClickDelete>
          </Group>
        </Group>
      ))}
      <Group gap="xs" align="end" wrap="wrap">
        <Select
          size="xs"
          label="Add to a project"
          placeholder="Project"
          data={(projects.data ?? []).filter((p) => !user.memberships.some((m) => m.projectId === p._id)).map((p) => ({ value: p._id, label: p.name }))}
          value={grantProject}
          onChange={setGrantProject}
          searchable
          w={200}
        />
        <Select
          size="xs"
          label="As"
          aria-label="Role"
          data={[
            { value: 'purchaser', label: 'Buyer' },
            { value: 'manager', label: 'Manager' },
          ]}
          value={grantRole}
          onChange={(role) => role && setGrantRole(role as 'purchaser')}
          allowDeselect={false}
          w={120}
        />
        <Button
          size="xs"
          disabled={!grantProject}
          loading={isBusy}
          onClick={() =>
            grantProject &&
            void run(
              () => api(`/api/admin/users/${user._id}/memberships/${grantProject}`, { method: 'PUT', body: { role: grantRole } }),
              'Added to the project.',
            ).then(() => setGrantProject(null))
          }
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}
