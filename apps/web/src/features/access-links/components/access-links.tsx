import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { api, ApiError } from '../../../lib/api-client.ts';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { accessLinksQuery } from '../api/get-access-links.ts';
import type { AccessLink } from '../../../lib/back-office-types.ts';
import type { AccessLinksView } from '@decor/core';
import { BuyersList } from './buyers-list.tsx';
import { SearchHeading } from '../../../components/ui/search-heading.tsx';
import { MailStatus, refusalSentence } from './mail-status.tsx';
import { useAllUnits } from '../../../lib/use-all-units.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useZone } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Translate } from '@decor/core';

type LinkState = 'active' | 'used' | 'expired' | 'revoked';
const STATE_COLOR: Record<LinkState, string> = { active: 'green', used: 'gray', expired: 'orange', revoked: 'red' };

function stateOf(link: AccessLink, now = Date.now()): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return 'expired';
  if (link.uses >= link.maxUses) return 'used';
  return 'active';
}

const VIEWS: AccessLinksView[] = ['all', 'waiting', 'joined', 'signed-in'];

/**
 * `/manage/access-links`: invite buyers to their unit, one by one or many at once, follow each
 * link's use and mail; the list shows every link, the invitations still waiting, or the buyers
 * with the mails sent to them (docs/back-office.md, "Access links", "Buyers").
 */
export function AccessLinks({ show, onShow }: { show: AccessLinksView; onShow: (view: AccessLinksView) => void }) {
  const [created, setCreated] = useState<AccessLink[] | null>(null);
  const t = useT();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <InviteOne onCreated={(link) => setCreated([link])} />
        <InviteMany onCreated={setCreated} />
      </SimpleGrid>
      {created && <Created links={created} onClose={() => setCreated(null)} />}
      <SegmentedControl
        data={VIEWS.map((value) => ({ value, label: t(`app.links.view.${value}`) }))}
        value={show}
        onChange={(value) => onShow(value as AccessLinksView)}
        aria-label={t('app.links.view-label')}
        w={{ base: '100%', sm: 'fit-content' }}
        data-testid="links-view"
      />
      {show === 'joined' || show === 'signed-in' ? (
        <BuyersList key={show} signedIn={show === 'signed-in'} />
      ) : (
        <LinkList key={show} waiting={show === 'waiting'} />
      )}
    </Stack>
  );
}

function useRefreshLinks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['manage', 'access-links'] }),
      queryClient.invalidateQueries({ queryKey: ['manage', 'dashboard'] }),
    ]);
}

/** The server's message at the field it names, or one sentence for the form. */
function fieldError(caught: unknown, t: Translate): { field?: string; message: string } {
  if (caught instanceof ApiError) {
    const field = (caught.details as { field?: string } | undefined)?.field;
    return { ...(field ? { field } : {}), message: caught.message };
  }
  return { message: t('app.links.failed') };
}

function InviteOne({ onCreated }: { onCreated: (link: AccessLink) => void }) {
  const units = useAllUnits();
  const refresh = useRefreshLinks();
  const [email, setEmail] = useState('');
  const [unit, setUnit] = useState<string | null>(null);
  const [role, setRole] = useState<'purchaser' | 'manager'>('purchaser');
  const [days, setDays] = useState<number | null | undefined>(30);
  // Unset until the manager types a number: one use for a person's invitation, a hundred for a link for anyone (the sales-centre QR).
  const [maxUses, setMaxUses] = useState<number | null | undefined>(null);
  const uses = maxUses ?? (email.trim() ? 1 : 100);
  const { locale } = useZone();
  const [send, setSend] = useState(true);
  const t = useT();
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await api<AccessLink>('/api/access-codes', {
        method: 'POST',
        body: {
          ...(email.trim() ? { email: email.trim() } : {}),
          ...(unit ? { unit } : {}),
          role,
          expiresInDays: days ?? 30,
          maxUses: uses,
          send: send && !!email.trim(),
        },
      });
      onCreated(link);
      setEmail('');
      setUnit(null);
      setMaxUses(null);
      await refresh();
    } catch (caught) {
      setError(fieldError(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.links.invite-one')}
        </Title>
        <TextInput
          label={t('app.links.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error?.field === 'email' ? error.message : undefined}
          description={t('app.links.email-hint')}
        />
        <Select
          label={t('app.links.unit')}
          placeholder={t('app.links.no-unit')}
          searchable
          clearable
          data={units.choices}
          value={unit}
          onChange={setUnit}
          error={error?.field === 'unit' ? error.message : undefined}
          nothingFoundMessage={t('app.links.no-such-unit')}
        />
        {/* One under the other on a phone: three side by side cut a French word short. */}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label={t('app.links.role')}
            data={[
              { value: 'purchaser', label: t('app.links.role.purchaser') },
              { value: 'manager', label: t('app.links.role.manager') },
            ]}
            value={role}
            onChange={(v) => setRole((v as 'purchaser' | 'manager') ?? 'purchaser')}
            allowDeselect={false}
          />
          <NumberField
            label={t('app.links.days')}
            integer
            min={1}
            max={365}
            locale={locale}
            value={days}
            onChange={setDays}
          />
          <NumberField
            label={t('app.links.uses')}
            integer
            min={1}
            max={1000}
            locale={locale}
            value={maxUses ?? uses}
            onChange={setMaxUses}
            description={
              maxUses === null ? (email.trim() ? t('app.links.one-person') : t('app.links.anyone')) : undefined
            }
          />
        </SimpleGrid>
        <Checkbox
          label={t('app.links.send-now')}
          checked={send && !!email.trim()}
          disabled={!email.trim()}
          onChange={(e) => setSend(e.currentTarget.checked)}
        />
        {error && !error.field && <Alert color="red">{error.message}</Alert>}
        <Button type="submit" loading={isBusy} w="fit-content" disabled={days === undefined || maxUses === undefined}>
          {t('app.links.create')}
        </Button>
      </Stack>
    </Card>
  );
}

interface ParsedInvite {
  line: number;
  email: string;
  unitName: string;
  unit?: string;
  problem?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "e-mail, unit" per line, the unit by its name; each line's problem in words. */
function parseInvites(text: string, unitByName: Map<string, string>, t: Translate): ParsedInvite[] {
  return text
    .split(/\r?\n/)
    .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
    .filter(({ raw }) => raw)
    .map(({ raw, line }) => {
      const [email = '', unitName = ''] = raw.split(/[,;\t]/).map((part) => part.trim());
      const unit = unitName ? unitByName.get(unitName.toLowerCase()) : undefined;
      const problem = !EMAIL.test(email)
        ? t('app.links.not-email')
        : unitName && !unit
          ? t('app.links.no-unit-named', { name: unitName })
          : undefined;
      return { line, email, unitName, ...(unit ? { unit } : {}), ...(problem ? { problem } : {}) };
    });
}

function InviteMany({ onCreated }: { onCreated: (links: AccessLink[]) => void }) {
  const units = useAllUnits();
  const refresh = useRefreshLinks();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const t = useT();
  const rows = useMemo(() => parseInvites(text, units.byName, t), [text, units.byName, t]);
  const problems = rows.filter((row) => row.problem);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ items: AccessLink[]; sent: number }>('/api/access-codes/bulk', {
        method: 'POST',
        body: {
          invitations: rows.map((row) => ({ email: row.email, ...(row.unit ? { unit: row.unit } : {}) })),
          send: true,
        },
      });
      onCreated(result.items);
      setText('');
      await refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.links.many-failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.links.invite-many')}
        </Title>
        <Textarea
          label={t('app.links.many-label')}
          placeholder={'ana@example.com, 203\nben@example.com, 304'}
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {problems.length > 0 && (
          <Alert color="orange" title={t('app.links.fix')}>
            {problems.slice(0, 8).map((row) => (
              <Text key={row.line} size="sm">
                {t('app.links.line', { line: row.line, problem: row.problem ?? '' })}
              </Text>
            ))}
          </Alert>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Button
          onClick={send}
          loading={isBusy}
          disabled={!rows.length || problems.length > 0 || rows.length > 200}
          w="fit-content"
        >
          {t('app.links.send-many', { count: rows.length })}
        </Button>
      </Stack>
    </Card>
  );
}

/** The links just made, to copy, print as QR codes, or see who was mailed. */
function Created({ links, onClose }: { links: AccessLink[]; onClose: () => void }) {
  const t = useT();
  return (
    <Alert
      color="green"
      title={t('app.links.created', { count: links.length })}
      withCloseButton
      onClose={onClose}
      data-testid="created-links"
    >
      <Stack gap={6}>
        {links
          .filter((link) => link.lastMail?.status === 'failed')
          .slice(0, 5)
          .map((link) => (
            <Text key={`refused-${link.code}`} size="sm" c="red" data-testid="mail-refused">
              {refusalSentence(t, link.email, link.lastMail!)}
            </Text>
          ))}
        {links.slice(0, 20).map((link) => (
          <Group key={link.code} gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
              {link.email ?? t('app.links.anyone-short')}
              {link.unitName ? ` ${t('app.links.for-unit', { name: link.unitName })}` : ''}: {link.url}
            </Text>
            <CopyLink url={link.url} />
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

function CopyLink({ url }: { url: string }) {
  const t = useT();
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="light" onClick={copy}>
          {copied ? t('app.actions.copied') : t('app.actions.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

function QrModal({ link, onClose }: { link: AccessLink; onClose: () => void }) {
  const { date } = useDates();
  const [image, setImage] = useState<string | null>(null);
  const t = useT();
  useEffect(() => {
    void QRCode.toDataURL(link.url, { margin: 2, width: 320 }).then(setImage);
  }, [link.url]);
  return (
    <Modal opened onClose={onClose} title={t('app.links.qr-title')} centered>
      <Stack align="center" gap="xs">
        {image ? (
          <Image src={image} alt={t('app.links.qr-alt', { url: link.url })} w={280} h={280} />
        ) : (
          <Skeleton w={280} h={280} />
        )}
        <Text size="sm" ta="center">
          {t('app.links.valid-until', {
            what: link.unitName ? t('app.home.unit', { name: link.unitName }) : t('app.links.scan'),
            date: link.expiresAt ? date(link.expiresAt) : t('app.links.revoked-word'),
          })}
        </Text>
        <Button variant="default" onClick={() => window.print()}>
          {t('app.links.print')}
        </Button>
      </Stack>
    </Modal>
  );
}

function LinkList({ waiting }: { waiting: boolean }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const query = useInfiniteQuery(accessLinksQuery(debounced, waiting));
  const links = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [qrOf, setQrOf] = useState<AccessLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshLinks();
  const date = useDateFormat();
  const [notice, setNotice] = useState<string | null>(null);
  const t = useT();
  // On a phone the links are cards, so that no action is ever off-screen.
  const isPhone = useMediaQuery('(max-width: 48em)');
  const act = async (code: string, action: 'revoke' | 'resend', failed: string, done?: string) => {
    setError(null);
    setNotice(null);
    try {
      const answer = await api<AccessLink>(`/api/access-codes/${code}/${action}`, { method: 'POST', body: {} });
      if (answer.lastMail?.status === 'failed') setError(refusalSentence(t, answer.email, answer.lastMail));
      else if (done) setNotice(done);
      await refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : failed);
    }
  };
  const actions = (link: AccessLink) => (
    <LinkActions
      link={link}
      onQr={() => setQrOf(link)}
      onRevoke={() => void act(link.code, 'revoke', t('app.links.revoke-failed'))}
      onResend={() =>
        void act(link.code, 'resend', t('app.links.resend-failed'), t('app.links.resent', { email: link.email ?? '' }))
      }
    />
  );
  return (
    <Stack gap="sm">
      <SearchHeading
        title={waiting ? t('app.links.waiting-title') : t('app.links.title')}
        value={q}
        onChange={setQ}
        placeholder={t('app.links.search')}
        label={t('app.links.search-label')}
      />
      {error && <Alert color="red">{error}</Alert>}
      {notice && (
        <Alert color="green" data-testid="links-notice">
          {notice}
        </Alert>
      )}
      {query.isError && <Alert color="red">{t('app.links.not-loaded')}</Alert>}
      {!query.data && !query.isError && <Skeleton h={200} />}
      {query.data && links.length === 0 && (
        <Text c="dimmed">{waiting ? t('app.links.none-waiting') : t('app.links.none')}</Text>
      )}
      {links.length > 0 && isPhone && (
        <Stack gap="xs" data-testid="access-links">
          {links.map((link) => (
            <Card key={link.code} withBorder radius="md" padding="sm">
              <Group justify="space-between" align="start" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {link.email ?? t('app.links.anyone-link')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('app.links.phone-line', {
                      role: t(`app.links.role.${link.role === 'manager' ? 'manager' : 'purchaser'}`),
                      unit: link.unitName ? ` ${t('app.links.for-unit', { name: link.unitName })}` : '',
                      uses: link.uses,
                      max: link.maxUses,
                      date: date(link.expiresAt),
                    })}
                  </Text>
                </Stack>
                <Stack gap={4} align="end" style={{ flexShrink: 0 }}>
                  <Badge color={STATE_COLOR[stateOf(link)]} variant="light">
                    {t(`app.links.state.${stateOf(link)}`)}
                  </Badge>
                  {link.lastMail && <MailStatus mail={link.lastMail} when={(iso) => date(iso, true)} />}
                </Stack>
              </Group>
              <Group mt="xs">{actions(link)}</Group>
            </Card>
          ))}
        </Stack>
      )}
      {links.length > 0 && !isPhone && (
        <DataTable
          minWidth={760}
          testId="access-links"
          columns={[
            ...(['for', 'unit', 'status', 'uses', 'last', 'expires'] as const).map((column) => ({
              label: t(`app.links.col.${column}`),
            })),
            { label: '' },
          ]}
        >
          {links.map((link) => {
            const state = stateOf(link);
            return (
              <Table.Tr key={link.code}>
                <Table.Td>
                  <Text size="sm">{link.email ?? t('app.links.anyone-link')}</Text>
                  <Text size="xs" c="dimmed">
                    {t('app.links.created-on', {
                      role: t(`app.links.role.${link.role === 'manager' ? 'manager' : 'purchaser'}`),
                      date: date(link.createdAt),
                    })}
                  </Text>
                </Table.Td>
                <Table.Td>{link.unitName ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={STATE_COLOR[state]} variant="light">
                      {t(`app.links.state.${state}`)}
                    </Badge>
                    {link.lastMail && <MailStatus mail={link.lastMail} when={(iso) => date(iso, true)} />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {link.uses} / {link.maxUses}
                </Table.Td>
                <Table.Td>{date(link.lastUsedAt, true)}</Table.Td>
                <Table.Td>{date(link.expiresAt)}</Table.Td>
                <Table.Td>{actions(link)}</Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          w="fit-content"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('app.links.more')}
        </Button>
      )}
      {qrOf && <QrModal link={qrOf} onClose={() => setQrOf(null)} />}
    </Stack>
  );
}

/** A link's actions: copy, its QR code, mail it again (an invitation to an address), revoke. */
function LinkActions({
  link,
  onQr,
  onRevoke,
  onResend,
}: {
  link: AccessLink;
  onQr: () => void;
  onRevoke: () => void;
  onResend: () => void;
}) {
  const state = stateOf(link);
  const t = useT();
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <CopyLink url={link.url} />
      <Button size="compact-xs" variant="light" onClick={onQr} disabled={state !== 'active'}>
        QR
      </Button>
      {state === 'active' && link.email && (
        <Button size="compact-xs" variant="light" onClick={onResend}>
          {t('app.links.send-again')}
        </Button>
      )}
      {state === 'active' && (
        <TwoClickDelete
          size="compact-xs"
          variant="light"
          color="red"
          onConfirm={onRevoke}
          confirmLabel={t('app.links.revoke-again')}
        >
          {t('app.links.revoke')}
        </TwoClickDelete>
      )}
    </Group>
  );
}
