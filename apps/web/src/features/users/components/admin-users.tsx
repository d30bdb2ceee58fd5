import { useState } from 'react';
import { ConsequenceConfirm } from '../../../components/ui/consequence-confirm.tsx';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api } from '../../../lib/api-client.ts';
import { meQuery } from '../../../lib/session.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminAuditQuery, adminProjectsQuery, adminUsersQuery } from '../../../lib/admin-queries.ts';
import { AuditList } from '../../../components/back-office/audit-list.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** `/admin/users`: people by e-mail or name, and what an admin may do about each (docs/admin.md, "People"). */
export function AdminUsers({ initialQuery = '' }: { initialQuery?: string }) {
  const t = useT();
  const errorText = useErrorText();
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
        label={t('app.adm.search')}
        placeholder={t('app.adm.users.email-or-name')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPages(['']);
        }}
        w={{ base: '100%', sm: 320 }}
      />
      {users.isError ? (
        <Alert color="red">{errorText(users.error, 'app.adm.users.not-loaded')}</Alert>
      ) : !users.data ? (
        <Skeleton h={240} />
      ) : users.data.items.length === 0 ? (
        <Text c="dimmed">{q ? t('app.adm.users.no-match', { q }) : t('app.adm.users.none')}</Text>
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
                    {user.email} ·{' '}
                    {user.lastSignInAt
                      ? t('app.adm.users.last-sign-in', { when: dateTime(user.lastSignInAt) })
                      : t('app.adm.users.never')}
                  </Text>
                  <Group gap={4} mt={4}>
                    {user.isAdmin && <Badge size="sm">{t('app.adm.users.admin')}</Badge>}
                    {user.disabled && (
                      <Badge size="sm" color="red">
                        {t('app.adm.users.disabled')}
                      </Badge>
                    )}
                    {!user.emailVerified && (
                      <Badge size="sm" color="orange" variant="light">
                        {t('app.adm.users.unverified')}
                      </Badge>
                    )}
                    {user.memberships.map((m) => (
                      <Badge key={m.projectId} size="sm" variant="light" color="gray">
                        {t(`app.account.role.${m.role}`)} · {m.projectName}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpenId(user._id)}
                  aria-label={t('app.adm.users.manage', { email: user.email })}
                >
                  {t('app.adm.users.manage-short')}
                </Button>
              </Group>
            </Card>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              disabled={pages.length === 1}
              onClick={() => setPages((p) => p.slice(0, -1))}
            >
              {t('app.adm.previous')}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!users.data.next}
              onClick={() => users.data?.next && setPages((p) => [...p, users.data!.next!])}
            >
              {t('app.adm.next')}
            </Button>
          </Group>
        </Stack>
      )}
      {openId && <UserModal userId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function UserModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const user = useQuery({
    queryKey: [...ADMIN_KEY, 'user', userId],
    queryFn: ({ signal }) => api<AdminUser>(`/api/admin/users/${userId}`, { signal }),
  });
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
      setMessage({ color: 'red', text: errorText(caught, 'app.adm.failed') });
    } finally {
      setBusy(false);
    }
  };
  const patch = (body: object, done: string) =>
    run(() => api(`/api/admin/users/${userId}`, { method: 'PATCH', body }), done);

  const data = user.data;
  return (
    <Modal opened onClose={onClose} title={data ? data.email : t('app.adm.users.person')} size="lg">
      {!data ? (
        user.isError ? (
          <Alert color="red">{t('app.adm.users.not-loaded-one')}</Alert>
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
            {t('app.adm.users.summary', { name: data.name || t('app.adm.users.no-name'), count: data.sessions })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Switch
              label={t('app.adm.users.administrator')}
              description={isSelf ? t('app.adm.users.not-self-admin') : t('app.adm.users.admin-help')}
              checked={data.isAdmin}
              disabled={isBusy || (isSelf && data.isAdmin)}
              onChange={(e) => {
                if (e.currentTarget.checked) setConfirmingAdmin(true);
                else void patch({ isAdmin: false }, t('app.adm.users.no-longer-admin'));
              }}
            />
            <Switch
              label={t('app.adm.users.disabled-label')}
              description={isSelf ? t('app.adm.users.not-self-disable') : t('app.adm.users.disable-help')}
              color="red"
              checked={data.disabled}
              disabled={isBusy || isSelf}
              onChange={(e) =>
                void patch(
                  { disabled: e.currentTarget.checked },
                  e.currentTarget.checked ? t('app.adm.users.disabled-done') : t('app.adm.users.enabled-done'),
                )
              }
            />
          </SimpleGrid>
          {isConfirmingAdmin && !data.isAdmin && (
            <ConfirmAdmin
              email={data.email}
              isBusy={isBusy}
              onConfirm={() =>
                void patch({ isAdmin: true }, t('app.adm.users.now-admin')).then(() => setConfirmingAdmin(false))
              }
              onCancel={() => setConfirmingAdmin(false)}
            />
          )}
          <Group gap="xs" wrap="wrap">
            {!data.emailVerified && (
              <Button
                size="xs"
                variant="light"
                loading={isBusy}
                onClick={() => void patch({ emailVerified: true }, t('app.adm.users.verified-done'))}
              >
                {t('app.adm.users.mark-verified')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              loading={isBusy}
              onClick={() =>
                void run(
                  () => api(`/api/admin/users/${userId}/sign-out`, { method: 'POST', body: {} }),
                  t('app.adm.users.signed-out'),
                )
              }
            >
              {t('app.adm.users.sign-out')}
            </Button>
            <Button
              size="xs"
              variant="light"
              loading={isBusy}
              disabled={data.memberships.length === 0}
              onClick={() =>
                void run(
                  () => api(`/api/admin/users/${userId}/reset-link`, { method: 'POST', body: {} }),
                  t('app.adm.users.reset-sent', { email: data.email }),
                )
              }
            >
              {t('app.adm.users.send-reset')}
            </Button>
          </Group>

          <Memberships user={data} isBusy={isBusy} run={run} />

          <Stack gap="xs">
            <Title order={2} fz="md">
              {t('app.adm.users.changes')}
            </Title>
            <AuditList entries={audit.data ?? []} />
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

/** Making someone an administrator, asked first: what they will be able to do, then yes or no. */
function ConfirmAdmin({
  email,
  isBusy,
  onConfirm,
  onCancel,
}: {
  email: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <ConsequenceConfirm
      testId="confirm-admin"
      title={t('app.adm.users.make-admin-title', { email })}
      confirmLabel={t('app.adm.users.make-admin')}
      size="xs"
      isBusy={isBusy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text size="sm">{t('app.adm.users.able')}</Text>
      <Text component="ul" size="sm" m={0} pl="md">
        <li>{t('app.adm.users.able1')}</li>
        <li>{t('app.adm.users.able2')}</li>
        <li>{t('app.adm.users.able3')}</li>
        <li>{t('app.adm.users.able4')}</li>
      </Text>
      <Text size="sm">{t('app.adm.users.audit')}</Text>
    </ConsequenceConfirm>
  );
}

type Run = (call: () => Promise<unknown>, done: string) => Promise<void>;

/** A person's projects: their role in each, changed or removed, and a project to add them to. */
function Memberships({ user, isBusy, run }: { user: AdminUser; isBusy: boolean; run: Run }) {
  const t = useT();
  const projects = useQuery(adminProjectsQuery());
  const [grantProject, setGrantProject] = useState<string | null>(null);
  const [grantRole, setGrantRole] = useState<'purchaser' | 'manager'>('purchaser');
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {t('app.adm.users.projects')}
      </Title>
      {user.memberships.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('app.adm.users.no-project')}
        </Text>
      )}
      {user.memberships.map((m) => (
        <Group key={m.projectId} justify="space-between" wrap="wrap" gap="xs" data-testid="membership">
          <Text size="sm">{m.projectName}</Text>
          <Group gap="xs">
            <Select
              size="xs"
              aria-label={t('app.adm.users.role-in', { project: m.projectName })}
              data={[
                { value: 'purchaser', label: t('app.account.role.purchaser') },
                { value: 'manager', label: t('app.account.role.manager') },
              ]}
              value={m.role}
              allowDeselect={false}
              onChange={(role) =>
                role &&
                role !== m.role &&
                void run(
                  () =>
                    api(`/api/admin/users/${user._id}/memberships/${m.projectId}`, { method: 'PUT', body: { role } }),
                  t('app.adm.users.now-role', { role, project: m.projectName }),
                )
              }
              w={120}
            />
            <TwoClickDelete
              size="xs"
              variant="subtle"
              color="red"
              onConfirm={() =>
                void run(
                  () => api(`/api/admin/users/${user._id}/memberships/${m.projectId}`, { method: 'DELETE' }),
                  `Removed from ${m.projectName}.`,
                )
              }
              confirmLabel={t('app.adm.remove-confirm')}
            >
              {t('app.adm.remove')}
            </TwoClickDelete>
          </Group>
        </Group>
      ))}
      <Group gap="xs" align="end" wrap="wrap">
        <Select
          size="xs"
          label={t('app.adm.users.add-to')}
          placeholder={t('app.adm.users.project')}
          data={(projects.data ?? [])
            .filter((p) => !user.memberships.some((m) => m.projectId === p._id))
            .map((p) => ({ value: p._id, label: p.name }))}
          value={grantProject}
          onChange={setGrantProject}
          searchable
          w={200}
        />
        <Select
          size="xs"
          label={t('app.adm.users.as')}
          aria-label={t('app.adm.users.role')}
          data={[
            { value: 'purchaser', label: t('app.account.role.purchaser') },
            { value: 'manager', label: t('app.account.role.manager') },
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
              () =>
                api(`/api/admin/users/${user._id}/memberships/${grantProject}`, {
                  method: 'PUT',
                  body: { role: grantRole },
                }),
              t('app.adm.users.added'),
            ).then(() => setGrantProject(null))
          }
        >
          {t('app.adm.add')}
        </Button>
      </Group>
    </Stack>
  );
}
