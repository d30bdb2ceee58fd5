import { useMemo, useState } from 'react';
import { Alert, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  applyPackage,
  cartTotal,
  describeUnavailability,
  formatList,
  packageRooms,
  RuleBrokenError,
  type CategoryDocument,
  type OptionDocument,
  type RuleContext,
} from '@decor/core';
import { allItemsQuery } from '../../../lib/collection-choices.ts';
import { cartQuery } from '../../../lib/cart-query.ts';
import { createCollectionStore, type CollectionItem } from '../../../lib/collection-store.ts';
import { cartsQuery } from '../../../lib/carts-query.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';

type Option = CollectionItem & OptionDocument;
const BOLD = { b: (chunk: string) => <b>{chunk}</b> };
type Category = CollectionItem & CategoryDocument;

/**
 * A package as buyers will meet it (docs/back-office.md, "Packages"): what it contains and
 * what each costs, the price it adds or saves, and what a chosen buyer's selection becomes
 * if they apply it — the choices it replaces and the total before and after.
 */
export function PackagePanel({ value }: { value: Record<string, unknown> }) {
  const t = useT();
  const money = useMoney();
  const options = useQuery(allItemsQuery<Option>('options', 5_000));
  const categories = useQuery(allItemsQuery<Category>('categories'));
  const carts = useInfiniteQuery(cartsQuery({}));
  const [cartId, setCartId] = useState<string | null>(null);
  const optionIds = Array.isArray(value.options) ? (value.options as string[]) : [];
  const adjustment = typeof value.priceAdjustment === 'number' ? value.priceAdjustment : 0;
  const byId = useMemo(() => new Map((options.data ?? []).map((o) => [o._id, o])), [options.data]);
  const categoryById = useMemo(() => new Map((categories.data ?? []).map((c) => [c._id, c])), [categories.data]);
  if (!options.data || !categories.data) return null;
  const contents = optionIds.map((id) => byId.get(id)).filter((o): o is Option => Boolean(o));
  const sum = contents.reduce((total, o) => total + o.price, 0);
  const cartChoices = (carts.data?.pages.flatMap((p) => p.items) ?? [])
    .filter((c) => c.status === 'draft')
    .map((c) => ({
      value: c._id,
      label: t('app.package-panel.cart', {
        unit: c.unit?.name ?? '—',
        buyers: c.buyers.map((b) => b.name || b.email).join(', '),
      }),
    }));
  return (
    <Card withBorder radius="md" padding="md" data-testid="package-panel">
      <Stack gap="sm">
        <Text fw={600}>{t('app.package-panel.what')}</Text>
        <Table>
          <Table.Tbody>
            {contents.map((o) => (
              <Table.Tr key={o._id}>
                <Table.Td c="dimmed">{categoryById.get(o.category)?.name ?? ''}</Table.Td>
                <Table.Td>{o.name}</Table.Td>
                <Table.Td ta="right">{o.price === 0 ? t('app.configure.included') : money(o.price)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2}>{t('app.package-panel.one-of-each')}</Table.Td>
              <Table.Td ta="right">{money(sum)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>
                {adjustment < 0 ? t('app.package-panel.saving') : t('app.package-panel.adds')}
              </Table.Td>
              <Table.Td ta="right">{money(adjustment)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2} fw={700}>
                {t('app.package-panel.costs')}
              </Table.Td>
              <Table.Td ta="right" fw={700} data-testid="package-price">
                {money(Math.max(0, sum + adjustment))}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Select
          label={t('app.package-panel.preview')}
          placeholder={t('app.package-panel.choose-unit')}
          data={cartChoices}
          value={cartId}
          onChange={setCartId}
          searchable
          clearable
        />
        {cartId && (
          <CartPreview
            cartId={cartId}
            optionIds={optionIds}
            adjustment={adjustment}
            options={byId}
            categories={categoryById}
          />
        )}
      </Stack>
    </Card>
  );
}

function CartPreview({
  cartId,
  optionIds,
  adjustment,
  options,
  categories,
}: {
  cartId: string;
  optionIds: string[];
  adjustment: number;
  options: Map<string, Option>;
  categories: Map<string, Category>;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const money = useMoney();
  const cart = useQuery(cartQuery(cartId));
  const unitId = cart.data?.unit;
  const unit = useQuery({
    queryKey: ['collection', 'units', unitId],
    queryFn: ({ signal }) => createCollectionStore('units').get(unitId, { signal }),
    enabled: Boolean(unitId),
  });
  const planId = typeof unit.data?.plan === 'string' ? unit.data.plan : null;
  const plan = useQuery({
    queryKey: ['collection', 'plans', planId],
    queryFn: ({ signal }) => createCollectionStore('plans').get(planId ?? undefined, { signal }),
    enabled: Boolean(planId),
  });
  if (!cart.data || !unit.data || (planId && !plan.data)) return <Text size="sm">{t('app.form.loading')}</Text>;
  const planRooms = Array.isArray(plan.data?.rooms) ? (plan.data!.rooms as string[]) : null;
  const context: RuleContext = { options, categories, planId, isOpen: true };
  const priceOf = (id: string) => options.get(id)?.price;
  let after;
  try {
    after = applyPackage(
      cart.data.selections,
      optionIds,
      (id) => packageRooms(id, options, categories, planRooms),
      context,
    );
  } catch (error) {
    return (
      <Alert color="orange">
        {error instanceof RuleBrokenError
          ? describeUnavailability(error.reason, context, t)
          : t('app.package-panel.cannot-apply')}
      </Alert>
    );
  }
  const beforeIds = new Set(cart.data.selections.map((s) => `${s.option}|${s.room ?? ''}`));
  const afterIds = new Set(after.map((s) => `${s.option}|${s.room ?? ''}`));
  const name = (key: string) => options.get(key.split('|')[0]!)?.name ?? t('app.editor.gone-option');
  const added = [...afterIds].filter((k) => !beforeIds.has(k)).map(name);
  const removed = [...beforeIds].filter((k) => !afterIds.has(k)).map(name);
  // Today's total as the server keeps it (with any package it has); this package would take that one's place.
  const before = cart.data.total;
  const total = cartTotal({ selections: after, priceOf, packageAdjustment: adjustment, fees: cart.data.fees ?? [] });
  return (
    <Stack gap={4} data-testid="package-preview">
      <Text size="sm">
        <RichText
          text={t('app.package-panel.adds-list', {
            list: added.length ? formatList([...new Set(added)], locale) : t('app.package-panel.nothing-new'),
          })}
          tags={BOLD}
        />
      </Text>
      <Text size="sm">
        <RichText
          text={t('app.package-panel.replaces', {
            list: removed.length ? formatList([...new Set(removed)], locale) : t('app.package-panel.nothing'),
          })}
          tags={BOLD}
        />
      </Text>
      <Group gap="xs">
        <Text size="sm">
          <RichText text={t('app.package-panel.total', { before: money(before), after: money(total) })} tags={BOLD} />
        </Text>
        <Text size="sm" c={total - before < 0 ? 'green.8' : 'dimmed'}>
          ({total - before >= 0 ? '+' : ''}
          {money(total - before)})
        </Text>
      </Group>
    </Stack>
  );
}
