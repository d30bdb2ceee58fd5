import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Chip,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  acceptFitRooms,
  formatAmount,
  formatList,
  RuleBrokenError,
  type FitAnswerView,
  type FitChangeView,
  type RuleContext,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useProject } from '../../../lib/project.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import type { CartEditor } from '../hooks/use-cart-editor.ts';
import { readBudget } from '../budget-amount.ts';

type Proposal = Extract<FitAnswerView, { kind: 'fit' }>;
type Shortfall = Extract<FitAnswerView, { kind: 'none' }>;
type Room = { _id: string; name: string };

/**
 * Fit my budget (docs/fit-my-budget.md): the buyer says the most they want to spend and what
 * matters; the server proposes the best selection that fits, each change with its reason; the
 * buyer takes it room by room or whole, through the editor's own save (one undo each).
 */
export function FitBudget({
  cartId,
  editor,
  context,
  rooms,
  categories,
  isChangeOrder,
  answer,
  onAnswer,
  onClose,
}: {
  cartId: string;
  editor: CartEditor;
  context: RuleContext;
  rooms: Room[];
  /** The single-choice categories of those rooms, which the buyer may name too. */
  categories: Room[];
  isChangeOrder: boolean;
  /** The last answer, kept while the page is open so the buyer can come back to it. */
  answer: FitAnswerView | null;
  onAnswer: (answer: FitAnswerView | null) => void;
  onClose: () => void;
}) {
  const t = useT();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('app.fit.title')}
      closeButtonProps={{ 'aria-label': t('app.option.close') }}
      size="lg"
      fullScreen={isPhone}
    >
      {answer === null ? (
        <FitForm
          cartId={cartId}
          editor={editor}
          named={{ rooms, categories }}
          isChangeOrder={isChangeOrder}
          onAnswer={onAnswer}
        />
      ) : answer.kind === 'fit' ? (
        <ProposalView
          proposal={answer}
          editor={editor}
          context={context}
          onAgain={() => onAnswer(null)}
          onTaken={onClose}
        />
      ) : (
        <ShortfallView shortfall={answer} onAgain={() => onAnswer(null)} />
      )}
    </Modal>
  );
}

/** What the buyer asks: the most they want to spend, on what, and what matters to them. */
function FitForm({
  cartId,
  editor,
  named,
  isChangeOrder,
  onAnswer,
}: {
  cartId: string;
  editor: CartEditor;
  named: { rooms: Room[]; categories: Room[] };
  isChangeOrder: boolean;
  onAnswer: (answer: FitAnswerView) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const { data: project } = useProject();
  const currency = project?.currency ?? 'CAD';
  const [amount, setAmount] = useState(editor.budget === null ? '' : formatAmount(editor.budget, currency, locale));
  const [of, setOf] = useState<'upgrades' | 'home'>('upgrades');
  const [spendMore, setSpendMore] = useState<string[]>([]);
  const [keep, setKeep] = useState<string[]>([]);
  const [keepSigned, setKeepSigned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isAsking, setAsking] = useState(false);
  const ask = async () => {
    // Read in the project's number format; anything else is refused in words, never guessed.
    const reading = readBudget(amount, { currency, locale }, t);
    if ('error' in reading) return setError(reading.error);
    setError(null);
    // The budget asked for upgrades is the cart's own: the bar shows what is left of it from now on.
    if (reading.value !== null && of === 'upgrades' && reading.value !== editor.budget) editor.setBudget(reading.value);
    setAsking(true);
    try {
      const body = { ...(reading.value === null ? {} : { amount: reading.value }), of, spendMore, keep, keepSigned };
      onAnswer(await api<FitAnswerView>(`/api/carts/${cartId}/fit-budget`, { method: 'POST', body }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('app.fit.failed'));
    } finally {
      setAsking(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void ask();
      }}
    >
      <Stack gap="md" data-testid="fit-form">
        <Text size="sm">{t('app.fit.intro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="fit-of">
            {t('app.fit.of')}
          </Text>
          <SegmentedControl
            aria-labelledby="fit-of"
            value={of}
            onChange={(value) => setOf(value === 'home' ? 'home' : 'upgrades')}
            data={[
              { value: 'upgrades', label: t('app.fit.of-upgrades') },
              { value: 'home', label: t('app.fit.of-home') },
            ]}
          />
        </Stack>
        <TextInput
          label={t(of === 'home' ? 'app.fit.amount-home' : 'app.fit.amount-upgrades', { currency })}
          placeholder={t('app.configure.budget-example', { example: formatAmount(1_500_000, currency, locale) })}
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
          data-testid="fit-amount"
        />
        <PlaceChips label={t('app.fit.spend-more')} named={named} value={spendMore} onChange={setSpendMore} />
        <PlaceChips label={t('app.fit.keep')} named={named} value={keep} onChange={setKeep} />
        {isChangeOrder && (
          <Switch
            label={t('app.fit.keep-signed')}
            checked={keepSigned}
            onChange={(event) => setKeepSigned(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isAsking} data-testid="fit-propose">
            {t('app.fit.propose')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Rooms, then categories, the buyer names for a wish ("spend more on the kitchen", "keep the flooring I chose"). */
function PlaceChips({
  label,
  named,
  value,
  onChange,
}: {
  label: string;
  named: { rooms: Room[]; categories: Room[] };
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        {[named.rooms, named.categories].map((items, i) => (
          <Group key={i} gap={6}>
            {items.map((item) => (
              <Chip key={item._id} value={item._id} size="xs" variant={i ? 'light' : 'filled'}>
                {item.name}
              </Chip>
            ))}
          </Group>
        ))}
      </Chip.Group>
    </Stack>
  );
}

/** One change in words: "Quartz instead of Granite: +$1,200, ranked higher by your design centre". */
function useChangeWords() {
  const t = useT();
  const money = useMoney();
  const amountOf = (difference: number) =>
    difference === 0
      ? t('app.fit.same-price')
      : difference > 0
        ? `+\u2060${money(difference)}`
        : `\u2212\u2060${money(-difference)}`;
  return (change: FitChangeView) => {
    const name = change.by?.name ?? '';
    const reason = t(`app.fit.reason.${change.reason}`, { name });
    if (change.reason === 'kept-asked' || change.reason === 'kept-signed')
      return t('app.fit.line-kept', { name: change.from?.name ?? '', reason });
    const amount = amountOf(change.difference);
    if (change.from && change.to)
      return t('app.fit.line-swap', { to: change.to.name, from: change.from.name, amount, reason });
    if (change.to) return t('app.fit.line-add', { to: change.to.name, amount, reason });
    return t('app.fit.line-remove', { from: change.from?.name ?? '', amount, reason });
  };
}

const isKept = (change: FitChangeView) => change.reason === 'kept-asked' || change.reason === 'kept-signed';

/** The proposal, room by room, each change with its reason; taken by room or whole. */
function ProposalView({
  proposal,
  editor,
  context,
  onAgain,
  onTaken,
}: {
  proposal: Proposal;
  editor: CartEditor;
  context: RuleContext;
  onAgain: () => void;
  onTaken: () => void;
}) {
  const t = useT();
  const money = useMoney();
  const { locale } = useLanguage();
  const words = useChangeWords();
  const [refusal, setRefusal] = useState<string | null>(null);
  const roomKey = (change: FitChangeView) => change.room?.id ?? null;
  const groups = [...new Set(proposal.changes.map(roomKey))].map((room) => ({
    room,
    name: proposal.changes.find((c) => roomKey(c) === room)?.room?.name ?? t('app.fit.whole-home'),
    changes: proposal.changes.filter((c) => roomKey(c) === room),
    sum: proposal.rooms.find((r) => (r.room?.id ?? null) === room),
  }));
  const movable = groups.filter((group) => group.changes.some((c) => !isKept(c)));
  const roomName = (room: string | null) => groups.find((g) => g.room === room)?.name ?? t('app.fit.whole-home');
  /** Takes the proposal in these rooms (and those their choices need) through the editor's save. */
  const take = (rooms: Array<string | null>, isAll: boolean) => {
    const offer = {
      selections: proposal.selections,
      package: proposal.package?.id ?? null,
      packageRooms: proposal.packageRooms,
    };
    const current = { selections: editor.selections, package: editor.packageId };
    try {
      const result = acceptFitRooms(current, offer, rooms, context);
      const info = editor.applyChange(
        (list) => acceptFitRooms({ selections: list, package: editor.packageId }, offer, rooms, context).selections,
        result.package,
      );
      if (!info) return;
      const text = isAll
        ? t('app.fit.taken-all')
        : t('app.fit.taken-rooms', { rooms: formatList(result.rooms.map(roomName), locale) });
      editor.setNotice({ tone: 'blue', text, undo: () => editor.restore(info.before) });
      onTaken();
    } catch (error) {
      setRefusal(error instanceof RuleBrokenError ? t('app.fit.cannot') : t('app.fit.failed'));
    }
  };
  const difference = proposal.total - proposal.currentTotal;
  const summary = !movable.length
    ? t('app.fit.nothing-to-change', { budget: money(proposal.budget) })
    : t(difference > 0 ? 'app.fit.summary-more' : difference < 0 ? 'app.fit.summary-less' : 'app.fit.summary-same', {
        total: money(proposal.total),
        amount: money(Math.abs(difference)),
        budget: money(proposal.budget),
      });
  return (
    <Stack gap="md" data-testid="fit-proposal">
      <Text fw={600} data-testid="fit-summary">
        {summary}
      </Text>
      {proposal.package && proposal.package.id !== editor.packageId && (
        <Text size="sm">{t('app.fit.package-on', { name: proposal.package.name })}</Text>
      )}
      {refusal && <Alert color="red">{refusal}</Alert>}
      {groups.map((group) => (
        <Card key={group.room ?? 'home'} withBorder radius="md" padding="sm" data-testid="fit-room">
          <Stack gap={6}>
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={3} fz="md">
                {group.name}
              </Title>
              {group.sum && (
                <Text size="sm" c="dimmed" data-testid="fit-room-sum">
                  {t('app.fit.room-sum', { before: money(group.sum.before), after: money(group.sum.after) })}
                </Text>
              )}
            </Group>
            {group.changes.map((change) => (
              <Text key={change.place} size="sm" data-testid="fit-change">
                {words(change)}
              </Text>
            ))}
            {group.changes.some((c) => !isKept(c)) && (
              <Button
                size="compact-sm"
                variant="light"
                w="fit-content"
                onClick={() => take([group.room], false)}
                data-testid="fit-take-room"
              >
                {t('app.fit.take-room')}
                <VisuallyHidden> {t('app.fit.take-room-hidden', { room: group.name })}</VisuallyHidden>
              </Button>
            )}
          </Stack>
        </Card>
      ))}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAgain}>
          {t('app.fit.again')}
        </Button>
        {movable.length > 0 && (
          <Button
            onClick={() => take([...new Set([...groups.map((g) => g.room), ...proposal.packageRooms])], true)}
            data-testid="fit-take-all"
          >
            {t('app.fit.take-all')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Nothing fits: by how much the smallest selection keeping the rules exceeds the budget, and what drives it. */
function ShortfallView({ shortfall, onAgain }: { shortfall: Shortfall; onAgain: () => void }) {
  const t = useT();
  const money = useMoney();
  return (
    <Stack gap="md" data-testid="fit-shortfall">
      <Alert color="orange">
        {shortfall.minimum === null
          ? t('app.fit.none-rules')
          : t('app.fit.none', {
              budget: money(shortfall.budget),
              minimum: money(shortfall.minimum),
              over: money(shortfall.over ?? 0),
            })}
      </Alert>
      {shortfall.drivers.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('app.fit.drivers')}</Text>
          {shortfall.drivers.map((driver, i) => (
            <Text key={i} size="sm" data-testid="fit-driver">
              {t('app.fit.driver', {
                name: driver.option?.name ?? t('app.fit.fees'),
                where: driver.room?.name ?? t('app.fit.whole-home'),
                amount: money(driver.amount),
                why: t(`app.fit.why.${driver.reason}`),
              })}
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onAgain}>{t('app.fit.again')}</Button>
      </Group>
    </Stack>
  );
}
