import { MailRefusedBadge } from '../../../components/ui/mail-refused-badge.tsx';
import { useMemo, useState } from 'react';
import { ConsequenceConfirm } from '../../../components/ui/consequence-confirm.tsx';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import type { UnitRow } from '../../../lib/back-office-types.ts';
import { useAllUnits } from '../../../lib/use-all-units.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { CART_STATUS_BADGE, UNIT_STATUS_COLOR, useStatusWords } from '../../../lib/status-labels.ts';
import { ZonedDateTimeInput } from '../../../components/ui/zoned-date-time-input.tsx';
import { useZone } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';

const STATUSES = ['available', 'reserved', 'sold'] as const;

/**
 * `/manage/unit-avail`: the building as floors × units, each with its status, buyers and
 * selection; pick units (one by one or a whole floor) and change their status or deadline at once.
 */
export function UnitGrid({ highlight }: { highlight?: UnitRow['status'] | undefined }) {
  const { units, query } = useAllUnits();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const t = useT();
  const words = useStatusWords();
  const floors = useMemo(() => {
    const byFloor = new Map<number, UnitRow[]>();
    for (const unit of units) byFloor.set(unit.floor, [...(byFloor.get(unit.floor) ?? []), unit]);
    return [...byFloor.entries()].sort(([a], [b]) => b - a);
  }, [units]);

  if (query.isError)
    return (
      <Alert color="red">{query.error instanceof ApiError ? query.error.message : t('app.units.not-loaded')}</Alert>
    );
  if (!query.data) return <Skeleton h={360} />;

  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group gap="md">
        {STATUSES.map((status) => (
          <Group key={status} gap={6}>
            <span
              aria-hidden
              style={{
                width: 12,
                height: 12,
                borderRadius: 3,
                background: UNIT_STATUS_COLOR[status],
                display: 'inline-block',
              }}
            />
            <Text size="sm">
              {t('app.units.legend', {
                status: words.unit(status),
                count: units.filter((u) => u.status === status).length,
              })}
            </Text>
          </Group>
        ))}
      </Group>
      <BulkBar selected={[...selected]} units={units} onDone={() => setSelected(new Set())} />
      <Stack gap="xs" data-testid="unit-grid">
        {floors.map(([floor, row]) => {
          const ids = row.map((u) => u._id);
          const allOn = ids.every((id) => selected.has(id));
          return (
            <Group key={floor} gap="xs" align="stretch" wrap="wrap">
              <Stack gap={2} w={{ base: '100%', sm: 64 }} justify="center" style={{ flexShrink: 0 }}>
                <Text fw={600} size="sm">
                  {t('app.units.floor', { floor })}
                </Text>
                <Checkbox
                  size="xs"
                  label={t('app.units.all')}
                  checked={allOn}
                  onChange={(e) => toggle(ids, e.currentTarget.checked)}
                  aria-label={t('app.units.all-floor', { floor })}
                />
              </Stack>
              <Group gap="xs" wrap="wrap" align="stretch" style={{ flex: '1 1 240px', minWidth: 0 }}>
                {row.map((unit) => (
                  <Cell
                    key={unit._id}
                    unit={unit}
                    isSelected={selected.has(unit._id)}
                    isDimmed={!!highlight && unit.status !== highlight}
                    onToggle={() => toggle([unit._id], !selected.has(unit._id))}
                  />
                ))}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

function Cell({
  unit,
  isSelected,
  isDimmed,
  onToggle,
}: {
  unit: UnitRow;
  isSelected: boolean;
  isDimmed: boolean;
  onToggle: () => void;
}) {
  const date = useDateFormat();
  const t = useT();
  const words = useStatusWords();
  const buyers = unit.buyers.map((b) => b.name || b.email).join(', ');
  return (
    <Paper
      withBorder
      radius="md"
      p={8}
      w={{ base: 'calc(50% - 4px)', sm: 170 }}
      data-testid="unit-cell"
      data-unit={unit.name}
      data-status={unit.status}
      style={{
        borderLeft: `6px solid ${UNIT_STATUS_COLOR[unit.status]}`,
        outline: isSelected ? '2px solid var(--mantine-color-blue-6)' : undefined,
        opacity: isDimmed ? 0.45 : 1,
      }}
    >
      {/* Named by what it shows (unit, status, plan, buyers); pressed = selected. */}
      <UnstyledButton onClick={onToggle} aria-pressed={isSelected} w="100%">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text fw={700} size="sm">
            {unit.name}
          </Text>
          <Text size="xs" c="dimmed">
            {words.unit(unit.status)}
          </Text>
        </Group>
        {/* A plan's name is how units are told apart: it wraps rather than being cut. */}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {unit.plan ?? t('app.units.no-plan')}
        </Text>
        <MailRefusedBadge emails={unit.mailRefused} />
        <Text size="xs" truncate="end" title={buyers}>
          {buyers || t('app.units.no-buyer')}
        </Text>
        {unit.deadline && (
          <Text size="xs" c="dimmed">
            {t('app.units.due', { date: date(unit.deadline) })}
          </Text>
        )}
      </UnstyledButton>
      {unit.cart && (
        <AnchorLink to="/manage/carts/{-$id}" params={{ id: unit.cart._id }} underline="never">
          <Badge
            size="xs"
            mt={4}
            variant="light"
            color={CART_STATUS_BADGE[unit.cart.status]}
            style={{ cursor: 'pointer' }}
          >
            {words.cart(unit.cart.status)}
          </Badge>
        </AnchorLink>
      )}
    </Paper>
  );
}

function BulkBar({ selected, units, onDone }: { selected: string[]; units: UnitRow[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  // The moment typed, in the project's zone; undefined while what is typed is not one.
  const [deadline, setDeadline] = useState<string | null | undefined>(null);
  const zone = useZone();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const t = useT();
  const words = useStatusWords();
  // Changing sold units, or units whose buyers are choosing, is asked first, naming what it touches.
  const [isConfirming, setConfirming] = useState(false);
  const chosen = units.filter((unit) => selected.includes(unit._id));
  const consequences = [
    ...(status
      ? [chosen.filter((u) => u.status === 'sold' && status !== 'sold').length].filter(Boolean).map((n) =>
          t('app.units.sold', {
            count: n,
            status: words.unit(status as UnitRow['status']).toLocaleLowerCase(zone.locale),
          }),
        )
      : []),
    ...(status
      ? [chosen.filter((u) => u.cart && u.status !== status).length]
          .filter(Boolean)
          .map((n) => t('app.units.open', { count: n }))
      : []),
    ...(deadline
      ? [chosen.filter((u) => u.cart && (u.cart.status === 'draft' || u.cart.status === 'locked')).length]
          .filter(Boolean)
          .map((n) => t('app.units.deadline', { count: n }))
      : []),
  ];
  const apply = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await api<{ changed: number; carts: number }>('/api/manage/units/bulk', {
        method: 'POST',
        body: { units: selected, ...(status ? { status } : {}), ...(deadline ? { deadline } : {}) },
      });
      setDone(t('app.units.done', { changed: result.changed, carts: result.carts }));
      setStatus(null);
      setDeadline(null);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['manage'] });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.units.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="bulk-bar">
      <Group gap="sm" align="end" wrap="wrap">
        <Text size="sm" fw={600} w={120}>
          {t('app.units.selected', { count: selected.length })}
        </Text>
        <Select
          label={t('app.units.set-status')}
          placeholder={t('app.units.unchanged')}
          data={STATUSES.map((s) => ({ value: s, label: words.unit(s) }))}
          value={status}
          onChange={setStatus}
          clearable
          w={170}
        />
        <ZonedDateTimeInput label={t('app.units.set-deadline')} value={deadline} onChange={setDeadline} w={240} />
        <Button
          onClick={() => (consequences.length && !isConfirming ? setConfirming(true) : void apply())}
          loading={isBusy}
          disabled={!selected.length || (!status && !deadline) || deadline === undefined}
        >
          {t('app.units.apply', { count: selected.length })}
        </Button>
      </Group>
      {isConfirming && consequences.length > 0 && (
        <ConsequenceConfirm
          testId="bulk-confirm"
          mt="sm"
          title={t('app.units.before')}
          confirmLabel={t('app.units.change', { count: selected.length })}
          isBusy={isBusy}
          onConfirm={() => void apply()}
          onCancel={() => setConfirming(false)}
        >
          {consequences.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </ConsequenceConfirm>
      )}
      {done && (
        <Alert color="green" mt="sm" data-testid="bulk-done">
          {done}
        </Alert>
      )}
      {error && (
        <Alert color="red" mt="sm">
          {error}
        </Alert>
      )}
    </Card>
  );
}
