import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { applyPackage, RuleBrokenError, type RuleContext, type Selection } from '@decor/core';
import type { PackageItem } from '../../../lib/configurator-data.ts';
import type { useCartEditor } from '../hooks/use-cart-editor.ts';

/**
 * What a package would do before it is applied: what it contains, what it replaces (and what
 * goes with it), and the total now and after; applied only when the buyer confirms.
 */
export function PackagePreview({
  pkg,
  editor,
  context,
  roomsFor,
  roomName,
  money,
  totalOf,
  currentTotal,
  onClose,
  onApply,
}: {
  pkg: PackageItem;
  editor: ReturnType<typeof useCartEditor>;
  context: RuleContext;
  roomsFor: (optionId: string) => Array<string | undefined>;
  roomName: (id: string) => string | undefined;
  money: (minor: number) => string;
  totalOf: (selections: Selection[], packageId: string | null) => number;
  currentTotal: number;
  onClose: () => void;
  onApply: () => void;
}) {
  const name = (id: string) => context.options.get(id)?.name ?? 'a choice';
  const where = (room: string | undefined) => (room ? ` (${roomName(room) ?? 'a room'})` : '');
  let after: Selection[] | null = null;
  let refusal: string | null = null;
  try {
    after = applyPackage(editor.selections, pkg.options, roomsFor, context);
  } catch (error) {
    refusal = error instanceof RuleBrokenError ? error.message : 'This package cannot be applied to your selection.';
  }
  const replaced = after ? editor.selections.filter((s) => !after!.some((a) => a.option === s.option && a.room === s.room)) : [];
  const added = after ? after.filter((a) => !editor.selections.some((s) => s.option === a.option && s.room === a.room)) : [];
  const newTotal = after ? totalOf(after, pkg._id) : currentTotal;
  return (
    <Modal opened onClose={onClose} title={`The ${pkg.name} package`} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      <Stack gap="sm" data-testid="package-preview">
        {pkg.description && <Text size="sm">{pkg.description}</Text>}
        <Stack gap={2}>
          <Text fw={600}>It chooses</Text>
          {added.length ? (
            added.map((s) => (
              <Text key={`${s.option}-${s.room}`} size="sm">
                {name(s.option)}
                {where(s.room)} · {money(context.options.get(s.option)?.price ?? 0)}
              </Text>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              Everything in it is already chosen.
            </Text>
          )}
        </Stack>
        {replaced.length > 0 && (
          <Stack gap={2}>
            <Text fw={600}>It replaces</Text>
            {replaced.map((s) => (
              <Text key={`${s.option}-${s.room}`} size="sm" data-testid="package-replaces">
                {name(s.option)}
                {where(s.room)}
              </Text>
            ))}
          </Stack>
        )}
        {refusal && <Alert color="red">{refusal}</Alert>}
        <Group justify="space-between" data-testid="package-totals">
          <Text>Upgrades total now {money(currentTotal)}</Text>
          <Text fw={700}>With the package {money(newTotal)}</Text>
        </Group>
        {pkg.priceAdjustment < 0 && (
          <Text size="sm" fw={600}>
            Includes the package saving of {money(-pkg.priceAdjustment)}.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onApply} disabled={!after}>
            Apply the package
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
