import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { compareAlternatives, type CatalogueView } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartQuery, type Cart, type CartAlternative } from '../../../lib/cart-query.ts';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';

const CURRENT = 'current';
const NONE: CartAlternative[] = [];

/**
 * Saved alternatives (docs/selection-rules.md): save the current choices under a name, switch the cart
 * to a saved one, forget one, and compare any two side by side with the price difference.
 */
export function CartAlternatives({
  cart,
  view,
  packageAdjustment,
  money,
  isOpen,
  canSave = true,
}: {
  cart: Cart;
  view: CatalogueView;
  packageAdjustment: (packageId: string) => number | undefined;
  money: (minor: number) => string;
  isOpen: boolean;
  /** False when the project has turned saved alternatives off: the saved ones stay usable. */
  canSave?: boolean;
}) {
  const queryClient = useQueryClient();
  const { dateTime } = useDates();
  const versions = cart.versions ?? NONE;
  const [name, setName] = useState('');
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  // The pair compared: the current choices against the newest saved alternative, or what was just saved.
  const [compare, setCompare] = useState<[string, string]>([CURRENT, versions.at(-1)?.id ?? CURRENT]);

  const run = async (call: () => Promise<Cart>) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await call();
      queryClient.setQueryData(cartQuery(cart._id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['carts', 'mine'] });
      return saved;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.alternatives.failed'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const saved = await run(() =>
      api<Cart>(`/api/carts/${cart._id}/versions`, { method: 'POST', body: { name: name.trim() } }),
    );
    if (saved) {
      setName('');
      setCompare([CURRENT, saved.versions?.at(-1)?.id ?? CURRENT]);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="alternatives">
      <Title order={3} fz="md" mb={4}>
        {t('app.alternatives.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('app.alternatives.intro')}
      </Text>
      <Stack gap="xs">
        {versions.map((version) => (
          <Group key={version.id} justify="space-between" wrap="wrap" gap="xs" data-testid="alternative">
            <Stack gap={0}>
              <Text fw={600}>{version.name}</Text>
              <Text size="xs" c="dimmed">
                {t('app.alternatives.saved', { date: dateTime(version.savedAt), total: money(version.total) })}
              </Text>
            </Stack>
            {isOpen && (
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setSwitching(version.id)} disabled={isBusy}>
                  {t('app.alternatives.switch-to')}
                </Button>
                <TwoClickDelete
                  size="xs"
                  variant="subtle"
                  color="gray"
                  onConfirm={() =>
                    void run(() => api<Cart>(`/api/carts/${cart._id}/versions/${version.id}`, { method: 'DELETE' }))
                  }
                >
                  {t('app.alternatives.delete')}
                </TwoClickDelete>
              </Group>
            )}
          </Group>
        ))}
        {isOpen && canSave && (
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('app.alternatives.save-as')}
              placeholder={t('app.alternatives.example')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={80}
              w={240}
            />
            <Button onClick={save} loading={isBusy} disabled={!name.trim()}>
              {t('app.configure.save')}
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>

      {versions.length > 0 && (
        <Comparison
          cart={cart}
          view={view}
          packageAdjustment={packageAdjustment}
          money={money}
          compare={compare}
          onCompare={setCompare}
        />
      )}

      <GenericModal
        opened={switching !== null}
        onClose={() => setSwitching(null)}
        title={t('app.alternatives.switch-title')}
        actions={[
          { label: t('app.configure.cancel'), variant: 'default', onClick: () => setSwitching(null) },
          {
            label: t('app.alternatives.switch'),
            onClick: () => {
              const id = switching!;
              setSwitching(null);
              void run(() =>
                api<Cart>(`/api/carts/${cart._id}/versions/${id}/restore`, {
                  method: 'POST',
                  body: { _version: cart._version },
                }),
              );
            },
          },
        ]}
      >
        <Text size="sm">
          {t('app.alternatives.switch-text', { name: versions.find((v) => v.id === switching)?.name ?? '' })}
        </Text>
      </GenericModal>
    </Card>
  );
}

/** Two of the cart's versions side by side, category by category, with their totals and the difference. */
function Comparison({
  cart,
  view,
  packageAdjustment,
  money,
  compare,
  onCompare: setCompare,
}: {
  cart: Cart;
  view: CatalogueView;
  packageAdjustment: (packageId: string) => number | undefined;
  money: (minor: number) => string;
  compare: [string, string];
  onCompare: (pair: [string, string]) => void;
}) {
  const versions = cart.versions ?? NONE;
  const t = useT();
  const choices = [
    { value: CURRENT, label: t('app.alternatives.current') },
    ...versions.map((v) => ({ value: v.id, label: v.name })),
  ];
  const comparison = useMemo(() => {
    const pick = (id: string) =>
      id === CURRENT
        ? { selections: cart.selections, package: cart.package ?? null }
        : (versions.find((v) => v.id === id) ?? { selections: [], package: null });
    return compareAlternatives(pick(compare[0]), pick(compare[1]), { ...view, packageAdjustment });
  }, [compare, cart.selections, cart.package, versions, view, packageAdjustment]);
  const labelOf = (id: string) => choices.find((c) => c.value === id)?.label ?? '';
  return (
    <Stack gap="xs" mt="md">
      <Title order={4} fz="sm">
        {t('app.alternatives.compare')}
      </Title>
      <Group gap="xs" grow>
        <Select
          aria-label={t('app.alternatives.first')}
          data={choices}
          value={compare[0]}
          onChange={(value) => setCompare([value ?? CURRENT, compare[1]])}
          allowDeselect={false}
        />
        <Select
          aria-label={t('app.alternatives.second')}
          data={choices}
          value={compare[1]}
          onChange={(value) => setCompare([compare[0], value ?? CURRENT])}
          allowDeselect={false}
        />
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} data-testid="comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{labelOf(compare[0])}</Table.Th>
              <Table.Th>{labelOf(compare[1])}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.rows.map((row) => (
              <Table.Tr
                key={`${row.room._id}|${row.category}`}
                style={{ fontWeight: row.isSame ? undefined : 600 }}
                data-same={row.isSame}
              >
                <Table.Td c="dimmed">
                  {row.room.name} · {row.category}
                </Table.Td>
                <Table.Td>{row.a.join(', ') || '—'}</Table.Td>
                <Table.Td>{row.b.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('app.configure.upgrades-total')}</Table.Td>
              <Table.Td fw={700}>{money(comparison.totalA)}</Table.Td>
              <Table.Td fw={700}>{money(comparison.totalB)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs">
        <Text size="sm">{t('app.alternatives.difference')}</Text>
        <Badge
          variant="light"
          color={comparison.difference > 0 ? 'orange' : comparison.difference < 0 ? 'green' : 'gray'}
          data-testid="comparison-difference"
        >
          {comparison.difference > 0 ? '+' : comparison.difference < 0 ? '−' : ''}
          {money(Math.abs(comparison.difference))}
        </Badge>
      </Group>
    </Stack>
  );
}
