import { MailRefusedBadge } from '../../../components/ui/mail-refused-badge.tsx';
import { RemindOne } from './remind-buyers.tsx';
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import {
  adjustmentLabel,
  formatList,
  groupCartLines,
  type CategoryDocument,
  type MessageKey,
  type OptionDocument,
  type Translate,
  cartStatusWord,
  changeOrderNumber,
} from '@decor/core';
import { useLanguage } from '../../../lib/language.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { cartQuery, type Cart } from '../../../lib/cart-query.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useProject } from '../../../lib/project.ts';
import { RoomLineCards } from '../../../components/selection/room-lines.tsx';
import { ChangeOrderSummary } from '../../../components/selection/change-order-summary.tsx';
import { ConsequenceConfirm } from '../../../components/ui/consequence-confirm.tsx';
import { cartRowQuery } from '../../../lib/carts-query.ts';
import { cartHistoryQuery } from '../api/get-cart-history.ts';
import type { CartRow, HistoryChange, HistoryEntry } from '../../../lib/back-office-types.ts';
import { useDateFormat, useMoney } from '../../../lib/use-money.ts';
import { CART_STATUS_BADGE } from '../../../lib/status-labels.ts';
import { ZonedDateTimeInput } from '../../../components/ui/zoned-date-time-input.tsx';
import { useZone } from '../../../lib/use-dates.ts';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useT } from '../../../lib/i18n.ts';

/** `/manage/carts/{id}`: one selection with everything a manager needs to decide on it. */
export function CartDetail({ cartId }: { cartId: string }) {
  const row = useQuery(cartRowQuery(cartId));
  const cart = useQuery(cartQuery(cartId));
  const options = useCatalogue<OptionDocument>('options');
  const categories = useCatalogue<CategoryDocument>('categories');
  const t = useT();
  const failed = row.error ?? cart.error;
  if (failed)
    return <Alert color="red">{failed instanceof ApiError ? failed.message : t('app.review.not-loaded')}</Alert>;
  if (!row.data || !cart.data || !options.data || !categories.data) return <Skeleton h={420} radius="md" />;
  return <Detail row={row.data} cart={cart.data} options={options.data} categories={categories.data} />;
}

function Detail({
  row,
  cart,
  options,
  categories,
}: {
  row: CartRow;
  cart: Cart;
  options: OptionDocument[];
  categories: CategoryDocument[];
}) {
  const { data: project } = useProject();
  const money = useMoney();
  const date = useDateFormat();
  const t = useT();
  const view = useMemo(
    () => ({
      rooms: project!.rooms,
      options: new Map(options.map((o) => [o._id, o])),
      categories: new Map(categories.map((c) => [c._id, c])),
      say: t,
    }),
    [project, options, categories, t],
  );
  const groups = useMemo(() => groupCartLines(cart.selections, view), [cart.selections, view]);
  const fees = cart.fees ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <AnchorLink to="/manage/carts/{-$id}" size="sm">
        {t('app.detail.all')}
      </AnchorLink>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="xl">
              {t('app.home.unit', { name: row.unit?.name ?? '—' })}
              {row.revision > 1 && (
                <Text span c="dimmed" fz="md">
                  {' '}
                  {t('app.detail.change-order', { number: changeOrderNumber(row.revision) ?? row.revision })}
                </Text>
              )}
            </Title>
            {row.buyers.map((buyer) => (
              <Text key={buyer._id} size="sm">
                {buyer.name || buyer.email}{' '}
                <Anchor href={`mailto:${buyer.email}`} size="sm">
                  {buyer.email}
                </Anchor>{' '}
                <MailRefusedBadge emails={row.mailRefused.filter((email) => email === buyer.email)} />
              </Text>
            ))}
          </Stack>
          <Stack gap={4} align="end">
            <Badge size="lg" color={CART_STATUS_BADGE[row.status]} variant="light" data-testid="detail-status">
              {cartStatusWord(row.status, 'staff', t)}
            </Badge>
            <Text fw={700} fz="xl" data-testid="detail-total">
              {money(cart.total)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('app.detail.deadline', { date: date(cart.deadline, true) })}
            </Text>
          </Stack>
        </Group>
      </Card>

      <Decisions row={row} cart={cart} />
      <ChangeOrderSummary
        cartId={cart._id}
        version={cart._version}
        revision={cart.revision ?? 1}
        money={money}
        dateTime={(iso) => date(iso, true)}
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('app.detail.selection')}
          </Title>
          {groups.length === 0 ? (
            <Text c="dimmed">{t('app.review.nothing')}</Text>
          ) : (
            <RoomLineCards groups={groups} money={money} lineTestId="detail-line" />
          )}
          {fees.map((fee) => (
            <Group key={fee.label} justify="space-between">
              <Text size="sm">{adjustmentLabel(fee, t)}</Text>
              <Text size="sm">{money(fee.amount)}</Text>
            </Group>
          ))}
          <Card withBorder radius="md" padding="sm">
            <Text size="sm" fw={600}>
              {t('app.detail.buyer-notes')}
            </Text>
            <Text size="sm" c={cart.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {cart.notes || t('app.detail.no-notes')}
            </Text>
          </Card>
          {cart.signature && (
            <Card withBorder radius="md" padding="sm" data-testid="detail-signature">
              <Text size="sm" fw={600}>
                {row.status === 'submitted' || row.status === 'approved'
                  ? t('app.detail.signature')
                  : t('app.detail.signed-earlier')}
              </Text>
              <Text size="sm">
                {t('app.detail.signed', {
                  name: cart.signature.name,
                  date: date(cart.signature.signedAt, true),
                  total: money(cart.signature.total),
                })}
              </Text>
            </Card>
          )}
        </Stack>
        <History cartId={cart._id} />
      </SimpleGrid>
    </Stack>
  );
}

type Action = 'approve' | 'return' | 'reopen' | 'extend';

/** One of a cart's decisions, sent: which one is on its way, what went wrong, what was done. */
function useCartAction(cartId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const t = useT();
  const act = async (action: Action, body: Record<string, unknown>, said: string) => {
    setBusy(action);
    setError(null);
    setDone(null);
    try {
      await api(`/api/carts/${cartId}/${action}`, { method: 'POST', body });
      onDone();
      setDone(said);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQuery(cartId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['manage'] }),
      ]);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.alternatives.failed'));
    } finally {
      setBusy(null);
    }
  };
  return { act, busy, error, done };
}

type ActionProps = {
  busy: Action | null;
  act: (action: Action, body: Record<string, unknown>, said: string) => Promise<void>;
};

/** The decisions the cart's status allows, each explained, with the PDFs. */
function Decisions({ row, cart }: { row: CartRow; cart: Cart }) {
  // A form is cleared once its decision is sent: each status's form remounts under a new key.
  const [sent, setSent] = useState(0);
  const { act, busy, error, done } = useCartAction(cart._id, () => setSent((n) => n + 1));
  const t = useT();
  const printed = useDownload(t('app.detail.pdf-failed'));
  const pdf = (prices: boolean) => printed.download(`/api/carts/${cart._id}/pdf${prices ? '' : '?prices=0'}`);

  return (
    <Card withBorder radius="md" padding="md" data-testid="decisions">
      <Stack gap="sm">
        {row.status === 'submitted' && <SubmittedDecision key={sent} total={cart.total} busy={busy} act={act} />}
        {row.status === 'approved' && (
          <ChangeOrderDecision
            key={sent}
            busy={busy}
            act={act}
            revision={row.revision}
            missing={row.missing ?? { count: 0, list: [] }}
          />
        )}
        {(row.status === 'draft' || row.status === 'locked') && (
          <DeadlineDecision key={sent} isLocked={row.status === 'locked'} busy={busy} act={act} />
        )}
        {row.status === 'draft' && <RemindOne cartId={cart._id} />}
        {done && (
          <Alert color="green" data-testid="decision-done">
            {done}
          </Alert>
        )}
        {(error ?? printed.error) && <Alert color="red">{error ?? printed.error}</Alert>}
        <Group gap="xs">
          <Button variant="default" size="xs" loading={printed.isDownloading} onClick={() => pdf(true)}>
            {t('app.detail.pdf')}
          </Button>
          <Button variant="default" size="xs" disabled={printed.isDownloading} onClick={() => pdf(false)}>
            {t('app.actions.pdf-no-prices')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A submitted selection: approve it (confirmed) or return it with what to change. */
function SubmittedDecision({ total, busy, act }: ActionProps & { total: number }) {
  const money = useMoney();
  const [comment, setComment] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  const t = useT();
  return (
    <>
      <Text>{t('app.detail.submitted', { total: money(total) })}</Text>
      <Group gap="xs">
        {isConfirming ? (
          <>
            <Button
              color="green"
              loading={busy === 'approve'}
              onClick={() => act('approve', {}, t('app.detail.approved-done'))}
            >
              {t('app.detail.confirm-approval')}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('app.configure.cancel')}
            </Button>
          </>
        ) : (
          <Button color="green" onClick={() => setConfirming(true)}>
            {t('app.detail.approve')}
          </Button>
        )}
      </Group>
      <Textarea
        label={t('app.detail.return-label')}
        description={t('app.detail.return-text')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Button
        variant="light"
        color="orange"
        w="fit-content"
        disabled={!comment.trim()}
        loading={busy === 'return'}
        onClick={() => act('return', { comment }, t('app.detail.returned-done'))}
      >
        {t('app.detail.return')}
      </Button>
    </>
  );
}

/** An approved selection: reopen it as a change order, with a fee and a new deadline if wanted. */
function ChangeOrderDecision({
  busy,
  act,
  revision,
  missing,
}: ActionProps & { revision: number; missing: { count: number; list: string[] } }) {
  const { data: project } = useProject();
  const money = useMoney();
  const [comment, setComment] = useState('');
  // In minor units; undefined while what is typed is not an amount of 0 or more.
  const [fee, setFee] = useState<number | null | undefined>(null);
  const [deadline, setDeadline] = useState<string | null | undefined>(null);
  // Reopening voids the buyer's signature and mails them: asked first, naming both.
  const [isConfirming, setConfirming] = useState(false);
  const zone = useZone();
  const t = useT();
  const { locale } = useLanguage();
  const isReady = fee !== undefined && deadline !== undefined;
  return (
    <>
      <Text>{t('app.detail.approved-text')}</Text>
      <Textarea
        label={t('app.detail.comment-optional')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Group gap="sm" align="start" wrap="wrap">
        <NumberField
          label={t('app.detail.fee')}
          description={t('app.detail.optional')}
          money={{ currency: project!.currency }}
          locale={zone.locale}
          min={0}
          value={fee}
          onChange={setFee}
          w={240}
          testId="change-order-fee"
        />
        <ZonedDateTimeInput
          label={t('app.detail.new-deadline')}
          description={t('app.detail.optional')}
          value={deadline}
          onChange={setDeadline}
          w={260}
        />
      </Group>
      {isConfirming ? (
        <ConsequenceConfirm
          testId="reopen-confirm"
          title={t('app.detail.reopen-title', { number: changeOrderNumber(revision + 1) ?? revision + 1 })}
          confirmLabel={t('app.detail.reopen-confirm')}
          isBusy={busy === 'reopen'}
          onConfirm={() =>
            act(
              'reopen',
              { ...(comment.trim() ? { comment } : {}), ...(fee ? { fee } : {}), ...(deadline ? { deadline } : {}) },
              t('app.detail.reopened-done'),
            )
          }
          onCancel={() => setConfirming(false)}
        >
          <Text size="sm">
            {fee ? t('app.detail.reopen-text-fee', { fee: money(fee) }) : t('app.detail.reopen-text')}
          </Text>
          {missing.count > 0 && (
            <Text size="sm" fw={600} data-testid="reopen-missing">
              {t('app.detail.reopen-missing', { count: missing.count, list: formatList(missing.list, locale) })}
            </Text>
          )}
        </ConsequenceConfirm>
      ) : (
        <Button variant="light" w="fit-content" disabled={!isReady} onClick={() => setConfirming(true)}>
          {t('app.detail.reopen')}
        </Button>
      )}
    </>
  );
}

/** A selection still open (or locked by its deadline): move the deadline. */
function DeadlineDecision({ isLocked, busy, act }: ActionProps & { isLocked: boolean }) {
  const [deadline, setDeadline] = useState<string | null | undefined>(null);
  const t = useT();
  return (
    <>
      <Text>{isLocked ? t('app.detail.locked') : t('app.detail.choosing')}</Text>
      <Group gap="sm" align="end" wrap="wrap">
        <ZonedDateTimeInput label={t('app.detail.new-deadline')} value={deadline} onChange={setDeadline} w={260} />
        <Button
          variant="light"
          disabled={!deadline}
          loading={busy === 'extend'}
          onClick={() => act('extend', { deadline }, t('app.detail.extended-done'))}
        >
          {t('app.detail.extend')}
        </Button>
      </Group>
    </>
  );
}

/** What one change did, in a sentence. */
function describe(
  change: HistoryChange,
  t: Translate,
  money: (minor: number) => string,
  date: (iso: string | null) => string,
): string {
  switch (change.kind) {
    case 'created':
      return t('app.history.created');
    case 'deleted':
      return t('app.history.deleted');
    case 'notes':
      return t('app.history.notes');
    case 'alternatives':
      return t('app.history.alternatives');
    case 'added':
      return t('app.history.added', { name: change.name || t('app.history.an-option') });
    case 'removed':
      return t('app.history.removed', { name: change.name || t('app.history.an-option') });
    case 'package':
      return change.to ? t('app.history.package-applied') : t('app.history.package-removed');
    case 'deadline':
      return t('app.history.deadline', { date: date(change.to) });
    case 'signed':
      return t('app.history.signed', { name: change.name });
    case 'repriced':
      return t('app.history.repriced', { from: money(change.from), to: money(change.to) });
    case 'comment':
      return t('app.history.comment', {
        body: change.body.length > 200 ? `${change.body.slice(0, 199)}…` : change.body,
      });
    case 'status': {
      const base =
        change.to === 'draft' && change.from === 'submitted'
          ? t('app.history.returned')
          : change.to === 'draft' && change.from === 'approved'
            ? t('app.history.reopened')
            : change.to === 'draft'
              ? t('app.history.extended')
              : change.to === 'submitted' || change.to === 'approved'
                ? cartStatusWord(change.to, 'buyer', t)
                : t('app.history.set-to', { status: change.to });
      const extra = [
        change.fee ? t('app.history.fee', { fee: money(change.fee) }) : '',
        change.deadline ? t('app.history.until', { date: date(change.deadline) }) : '',
      ]
        .filter(Boolean)
        .join(', ');
      return extra ? t('app.history.with', { base, extra }) : base;
    }
  }
}

const ROLE_KEYS: Record<string, MessageKey> = {
  purchaser: 'app.history.role.purchaser',
  manager: 'app.history.role.manager',
  admin: 'app.history.role.admin',
};

/** Every change of the cart from the audit log: who, when, what. */
function History({ cartId }: { cartId: string }) {
  const query = useInfiniteQuery(cartHistoryQuery(cartId));
  const money = useMoney();
  const date = useDateFormat();
  const t = useT();
  const entries: HistoryEntry[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {t('app.review.history')}
      </Title>
      {query.isError && <Alert color="red">{t('app.history.not-loaded')}</Alert>}
      {!query.data && !query.isError && <Skeleton h={200} />}
      {query.data && entries.length === 0 && <Text c="dimmed">{t('app.history.none')}</Text>}
      <Timeline bulletSize={12} lineWidth={2} active={entries.length} data-testid="cart-history">
        {entries.map((entry) => (
          <Timeline.Item
            key={entry._id}
            title={
              entry.changes.map((c) => describe(c, t, money, (iso) => date(iso, true))).join(' · ') ||
              t('app.history.changed')
            }
          >
            <Text size="xs" c="dimmed">
              {date(entry.at, true)} ·{' '}
              {entry.who
                ? `${entry.who.name || entry.who.email} (${ROLE_KEYS[entry.who.role] ? t(ROLE_KEYS[entry.who.role]!) : entry.who.role})`
                : t('app.history.system')}
            </Text>
            {entry.changes.map((c, i) =>
              c.kind === 'status' && c.comment ? (
                <Text key={i} size="sm" fs="italic">
                  {t('app.decision.comment', { comment: c.comment })}
                </Text>
              ) : null,
            )}
          </Timeline.Item>
        ))}
      </Timeline>
      {query.hasNextPage && (
        <Button
          variant="subtle"
          w="fit-content"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('app.history.older')}
        </Button>
      )}
    </Stack>
  );
}
