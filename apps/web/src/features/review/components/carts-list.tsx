import { MailRefusedBadge } from '../../../components/ui/mail-refused-badge.tsx';
import { changeOrderNumber } from '@decor/core';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Chip, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useZone } from '../../../lib/use-dates.ts';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ApiError } from '../../../lib/api-client.ts';
import { cartsQuery } from '../../../lib/carts-query.ts';
import type { CartFilter, CartRow } from '../../../lib/back-office-types.ts';
import { useDateFormat, useMoney } from '../../../lib/use-money.ts';
import { CART_STATUS_BADGE, useStatusWords } from '../../../lib/status-labels.ts';
import { useT } from '../../../lib/i18n.ts';

/** `/manage/carts`: every unit's selection, filtered, 50 at a time as the list scrolls (virtualised). */
export function CartsList({ filter }: { filter: CartFilter }) {
  const navigate = useNavigate();
  const zone = useZone();
  const [search, setSearch] = useState(filter.q ?? '');
  const t = useT();
  const words = useStatusWords();
  const statusChoices = [
    ...(['submitted', 'draft', 'locked', 'approved'] as const).map((value) => ({ value, label: words.cart(value) })),
    { value: 'signed', label: t('app.carts.signed') },
  ];
  const [debounced] = useDebouncedValue(search, 300);
  const setFilter = (next: Partial<CartFilter>) =>
    void navigate({ to: '/manage/carts/{-$id}', search: { ...filter, ...next }, replace: true });
  // Only a new search term navigates; the filter itself comes from the address (read as it is then).
  const searchFor = useEffectEvent((term: string) => {
    if ((term.trim() || undefined) !== (filter.q || undefined)) setFilter({ q: term.trim() || undefined });
  });
  useEffect(() => searchFor(debounced), [debounced]);

  const query = useInfiniteQuery(cartsQuery(filter));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label={t('app.carts.search')}
          placeholder={t('app.carts.search-hint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label={t('app.carts.status')}
          placeholder={t('app.carts.any')}
          data={statusChoices}
          value={filter.status ?? null}
          onChange={(value) => setFilter({ status: (value as CartFilter['status'] | null) ?? undefined })}
          clearable
          w={{ base: '48%', sm: 200 }}
        />
        <NumberField
          label={t('app.carts.floor')}
          integer
          min={-10}
          max={500}
          locale={zone.locale}
          value={filter.floor ?? null}
          onChange={(value) => {
            if (value !== undefined) setFilter({ floor: value ?? undefined });
          }}
          w={{ base: '48%', sm: 110 }}
        />
        <Chip.Group>
          <Group gap="xs" pb={4}>
            <Chip checked={filter.due === 'week'} onChange={(on) => setFilter({ due: on ? 'week' : undefined })}>
              {t('app.carts.due-week')}
            </Chip>
            <Chip checked={!!filter.overdue} onChange={(on) => setFilter({ overdue: on || undefined })}>
              {t('app.carts.overdue')}
            </Chip>
          </Group>
        </Chip.Group>
        {filter.option && (
          <Button variant="subtle" size="xs" onClick={() => setFilter({ option: undefined })}>
            {t('app.carts.any-option')}
          </Button>
        )}
      </Group>
      {query.isError ? (
        <Alert color="red">{query.error instanceof ApiError ? query.error.message : t('app.carts.not-loaded')}</Alert>
      ) : !query.data ? (
        <Skeleton h={240} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('app.carts.none')}</Text>
      ) : (
        <VirtualRows
          rows={rows}
          hasMore={query.hasNextPage}
          isLoadingMore={query.isFetchingNextPage}
          loadMore={() => void query.fetchNextPage()}
        />
      )}
    </Stack>
  );
}

function VirtualRows({
  rows,
  hasMore,
  isLoadingMore,
  loadMore,
}: {
  rows: CartRow[];
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const t = useT();
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (isPhone ? 132 : 64),
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  // The next page loads as the end of the list comes into view.
  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= rows.length - 5) loadMore();
  }, [hasMore, isLoadingMore, lastIndex, rows.length, loadMore]);

  return (
    // A table on a desktop; on a phone the rows are cards, a list of them.
    <div
      role={isPhone ? 'list' : 'table'}
      aria-label={t('app.carts.label')}
      aria-rowcount={isPhone ? undefined : rows.length}
    >
      {!isPhone && (
        <div role="row" style={{ display: 'grid', gridTemplateColumns: GRID, gap: 12, padding: '0 12px 6px' }}>
          {(['unit', 'buyers', 'status', 'total', 'deadline', 'changed'] as const)
            .map((column) => t(`app.carts.col.${column}`))
            .map((h) => (
              <Text key={h} role="columnheader" size="xs" fw={600} c="dimmed" tt="uppercase">
                {h}
              </Text>
            ))}
        </div>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => (
          <div
            key={rows[item.index]!._id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
          >
            <Row row={rows[item.index]!} isPhone={isPhone} />
          </div>
        ))}
      </div>
      {isLoadingMore && <Skeleton h={48} mt="xs" />}
    </div>
  );
}

const GRID = 'minmax(90px,1fr) minmax(160px,2fr) 180px 120px 120px 150px';

function Row({ row, isPhone }: { row: CartRow; isPhone: boolean }) {
  const money = useMoney();
  const date = useDateFormat();
  const t = useT();
  const words = useStatusWords();
  const unit = row.unit ? t('app.home.unit', { name: row.unit.name }) : t('app.carts.no-unit');
  const buyers = row.buyers.map((b) => b.name || b.email).join(', ') || '—';
  const status = (
    <Badge color={CART_STATUS_BADGE[row.status]} variant="light" data-testid="cart-row-status">
      {words.cart(row.status)}
    </Badge>
  );
  const link = (
    <AnchorLink to="/manage/carts/{-$id}" params={{ id: row._id }} fw={600}>
      {unit}
    </AnchorLink>
  );
  if (isPhone) {
    return (
      <Card withBorder radius="md" padding="sm" mb="xs" role="listitem" data-testid="cart-row">
        <Group justify="space-between" wrap="nowrap">
          {link}
          {status}
        </Group>
        <Group gap="xs">
          <Text size="sm">{buyers}</Text>
          <MailRefusedBadge emails={row.mailRefused} />
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {money(row.total)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('app.carts.due', { date: date(row.deadline) })}
          </Text>
        </Group>
      </Card>
    );
  }
  return (
    <div
      role="row"
      data-testid="cart-row"
      style={{
        display: 'grid',
        gridTemplateColumns: GRID,
        gap: 12,
        alignItems: 'center',
        padding: '10px 12px',
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <div role="cell">
        {link}
        <Text size="xs" c="dimmed">
          {t('app.carts.floor-of', { floor: row.unit?.floor ?? '—' })}
          {changeOrderNumber(row.revision)
            ? ` ${t('app.detail.change-order', { number: changeOrderNumber(row.revision)! })}`
            : ''}
        </Text>
      </div>
      <div role="cell">
        <Text size="sm" lineClamp={2}>
          {buyers}
        </Text>
        <MailRefusedBadge emails={row.mailRefused} />
      </div>
      <div role="cell">{status}</div>
      <Text role="cell" size="sm" fw={600}>
        {money(row.total)}
      </Text>
      <Text role="cell" size="sm">
        {date(row.deadline)}
      </Text>
      <Text role="cell" size="sm" c="dimmed">
        {date(row.updatedAt, true)}
      </Text>
    </div>
  );
}
