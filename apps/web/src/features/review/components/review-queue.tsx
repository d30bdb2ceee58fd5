import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BulkApproveResult, formatCalendarDay, formatList, type ReviewQueueItem } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useDates } from '../../../lib/use-dates.ts';

export const reviewQueueQuery = queryOptions({
  queryKey: ['manage', 'review-queue'],
  queryFn: () => api<ReviewQueueItem[]>('/api/manage/review-queue'),
});

const dayOf = (text: string) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/**
 * "Waiting for you" (docs/back-office.md): the selections to review in the order they are due,
 * overdue first; several can be approved at once, after saying so, each as one approval is.
 */
export function ReviewQueue() {
  const t = useT();
  const errorText = useErrorText();
  const queue = useQuery(reviewQueueQuery);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'green' | 'orange' | 'red'; lines: string[] } | null>(null);
  const items = queue.data ?? [];
  const units = new Map(items.map((item) => [item._id, item.unit?.name ?? '—']));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const done = (result: BulkApproveResult | null, failed?: unknown) => {
    setAsking(false);
    setChosen(new Set());
    if (!result) setOutcome({ tone: 'red', lines: [errorText(failed, 'app.review-queue.failed')] });
    else
      setOutcome({
        tone: result.refused.length ? 'orange' : 'green',
        lines: [
          t('app.review-queue.done', { count: result.approved.length }),
          ...result.refused.map((refusal) =>
            t('app.review-queue.refused', { unit: units.get(refusal.cart) ?? '—', reason: refusal.message }),
          ),
        ],
      });
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="review-queue"
      data-testid="review-queue"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="review-queue">
          {t('app.review-queue.title')}
        </Title>
        {outcome && (
          <Alert color={outcome.tone} role="status" withCloseButton onClose={() => setOutcome(null)}>
            {outcome.lines.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        {queue.isError && <Alert color="red">{errorText(queue.error, 'app.review-queue.failed')}</Alert>}
        {!queue.data && !queue.isError && <Skeleton h={60} />}
        {queue.data?.length === 0 && <Text c="dimmed">{t('app.review-queue.none')}</Text>}
        {items.length > 1 && (
          <Checkbox
            label={t('app.review-queue.select-all')}
            checked={chosen.size === items.length}
            indeterminate={chosen.size > 0 && chosen.size < items.length}
            onChange={() =>
              setChosen(chosen.size === items.length ? new Set() : new Set(items.map((item) => item._id)))
            }
          />
        )}
        {items.map((item) => (
          <WaitingRow key={item._id} item={item} chosen={chosen.has(item._id)} toggle={() => toggle(item._id)} />
        ))}
        {/* After the boxes it acts on, in reading and keyboard order (docs/screens.md, "Accessibility"). */}
        {items.length > 0 && (
          <Group justify="flex-end">
            <Button size="sm" disabled={chosen.size === 0} onClick={() => setAsking(true)}>
              {t('app.review-queue.approve', { count: chosen.size })}
            </Button>
          </Group>
        )}
      </Stack>
      <ApproveDialog
        opened={asking}
        chosen={[...chosen]}
        units={units}
        onCancel={() => setAsking(false)}
        onDone={done}
      />
    </Card>
  );
}

function WaitingRow({ item, chosen, toggle }: { item: ReviewQueueItem; chosen: boolean; toggle: () => void }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  const { locale } = useLanguage();
  const unit = item.unit?.name ?? '—';
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="waiting">
      <Group gap="sm" wrap="nowrap">
        <Checkbox aria-label={t('app.review-queue.select', { unit })} checked={chosen} onChange={toggle} />
        <Stack gap={0}>
          <AnchorLink to="/manage/carts/{-$id}" params={{ id: item._id }} fw={600}>
            {t('app.home.unit', { name: unit })}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            {formatList(
              item.buyers.map((buyer) => buyer.name || buyer.email),
              locale,
            )}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">
        {item.overdue && (
          <Badge color="red" variant="light">
            {t('app.review-queue.overdue')}
          </Badge>
        )}
        {item.depositAwaited > 0 && (
          <Badge color="orange" variant="light" data-testid="deposit-awaited">
            {t('app.review-queue.deposit-awaited', { amount: money(item.depositAwaited) })}
          </Badge>
        )}
        <Stack gap={0} align="end">
          {item.dueBy && (
            <Text size="sm">
              {t('app.review-queue.due', { date: formatCalendarDay(dayOf(item.dueBy), locale, { weekday: false }) })}
            </Text>
          )}
          {item.signedAt && (
            <Text size="xs" c="dimmed">
              {t('app.review-queue.signed', { date: dates.dateTime(item.signedAt) })}
            </Text>
          )}
        </Stack>
      </Group>
    </Group>
  );
}

/** Asks first, naming the units; the comment goes to every one's buyers. */
function ApproveDialog({
  opened,
  chosen,
  units,
  onCancel,
  onDone,
}: {
  opened: boolean;
  chosen: string[];
  units: Map<string, string>;
  onCancel: () => void;
  onDone: (result: BulkApproveResult | null, failed?: unknown) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    setBusy(true);
    try {
      const result = await api<BulkApproveResult>('/api/manage/review-queue/approve', {
        method: 'POST',
        body: { carts: chosen, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      setComment('');
      onDone(result);
    } catch (caught) {
      onDone(null, caught);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['manage'] });
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('app.review-queue.confirm-title', { count: chosen.length })}
      data-testid="confirm-approvals"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('app.review-queue.confirm-text', {
            units: formatList(
              chosen.map((id) => units.get(id) ?? '—'),
              locale,
            ),
          })}
        </Text>
        <Textarea
          label={t('app.review-queue.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('app.review-queue.cancel')}
          </Button>
          <Button onClick={approve} loading={busy}>
            {t('app.review-queue.approve', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
