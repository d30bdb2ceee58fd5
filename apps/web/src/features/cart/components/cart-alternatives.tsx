import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { compareAlternatives, type CatalogueView } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartQuery, type Cart, type CartAlternative } from '../../../lib/cart-query.ts';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { useDates } from '../../../lib/use-dates.ts';

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
      setError(caught instanceof ApiError ? caught.message : 'That did not work. Please try again.');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const saved = await run(() => api<Cart>(`/api/carts/${cart._id}/versions`, { method: 'POST', body: { name: name.trim() } }));
    if (saved) {
      setName('');
      setCompare([CURRENT, saved.versions?.at(-1)?.id ?? CURRENT]);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="alternatives">
      <Title order={3} fz="md" mb={4}>
        Alternatives
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Keep a version of your choices under a name, try something else, and switch back or compare them.
      </Text>
      <Stack gap="xs">
        {versions.map((version) => (
          <Group key={version.id} justify="space-between" wrap="wrap" gap="xs" data-testid="alternative">
            <Stack gap={0}>
              <Text fw={600}>{version.name}</Text>
              <Text size="xs" c="dimmed">
                Saved {dateTime(version.savedAt)} · {money(version.total)} then
              </Text>
            </Stack>
            {isOpen && (
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setSwitching(version.id)} disabled={isBusy}>
                  Switch to this
                </Button>
                <TwoClickDelete
                  size="xs"
                  variant="subtle"
                  color="gray"
                  onConfirm={() => void run(() => api<Cart>(`/api/carts/${cart._id}/versions/${version.id}`, { method: 'DELETE' }))}
                >
                  Delete
                </TwoClickDelete>
              </Group>
            )}
          </Group>
        ))}
        {isOpen && canSave && (
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Save the current choices as"
              placeholder="e.g. Dark kitchen"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={80}
              w={240}
            />
            <Button onClick={save} loading={isBusy} disabled={!name.trim()}>
              Save
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
        <Comparison cart={cart} view={view} packageAdjustment={packageAdjustment} money={money} compare={compare} onCompare={setCompare} />
      )}

      <GenericModal
        opened={switching !== null}
        onClose={() => setSwitching(null)}
        title="Switch to this alternative?"
        actions={[
          { label: 'Cancel', variant: 'default', onClick: () => setSwitching(null) },
          {
            label: 'Switch',
            onClick: () => {
              const id = switching!;
              setSwitching(null);
              void run(() => api<Cart>(`/api/carts/${cart._id}/versions/${id}/restore`, { method: 'POST', body: { _version: cart._version } }));
            },
          },
        ]}
      >
        <Text size="sm">
          Your current choices are replaced by “{versions.find((v) => v.id === switching)?.name}”, at today’s prices. Save the current ones first if you want to
          keep them.
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
  const choices = [{ value: CURRENT, label: 'Current selection' }, ...versions.map((v) => ({ value: v.id, label: v.name }))];
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
        Compare
      </Title>
      <Group gap="xs" grow>
        <Select
          aria-label="First to compare"
          data={choices}
          value={compare[0]}
          onChange={(value) => setCompare([value ?? CURRENT, compare[1]])}
          allowDeselect={false}
        />
        <Select
          aria-label="Second to compare"
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
              <Table.Tr key={`${row.room._id}|${row.category}`} style={{ fontWeight: row.isSame ? undefined : 600 }} data-same={row.isSame}>
                <Table.Td c="dimmed">
                  {row.room.name} · {row.category}
                </Table.Td>
                <Table.Td>{row.a.join(', ') || '—'}</Table.Td>
                <Table.Td>{row.b.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>Upgrades total</Table.Td>
              <Table.Td fw={700}>{money(comparison.totalA)}</Table.Td>
              <Table.Td fw={700}>{money(comparison.totalB)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs">
        <Text size="sm">Difference:</Text>
        <Badge variant="light" color={comparison.difference > 0 ? 'orange' : comparison.difference < 0 ? 'green' : 'gray'} data-testid="comparison-difference">
          {comparison.difference > 0 ? '+' : comparison.difference < 0 ? '−' : ''}
          {money(Math.abs(comparison.difference))}
        </Badge>
      </Group>
    </Stack>
  );
}
