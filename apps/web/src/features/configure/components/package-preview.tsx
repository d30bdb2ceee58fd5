import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { applyPackage, describeUnavailability, RuleBrokenError, type RuleContext, type Selection } from '@decor/core';
import type { PackageItem } from '../../../lib/configurator-data.ts';
import type { useCartEditor } from '../hooks/use-cart-editor.ts';
import { useT } from '../../../lib/i18n.ts';

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
  const t = useT();
  const name = (id: string) => context.options.get(id)?.name ?? t('app.configure.a-choice');
  const where = (room: string | undefined) =>
    room ? ` ${t('app.package.in-room', { room: roomName(room) ?? t('app.package.a-room') })}` : '';
  let after: Selection[] | null = null;
  let refusal: string | null = null;
  try {
    after = applyPackage(editor.selections, pkg.options, roomsFor, context);
  } catch (error) {
    refusal =
      error instanceof RuleBrokenError && error.reason.kind !== 'unknown'
        ? describeUnavailability(error.reason, context, t)
        : t('app.package.cannot');
  }
  const replaced = after
    ? editor.selections.filter((s) => !after!.some((a) => a.option === s.option && a.room === s.room))
    : [];
  const added = after
    ? after.filter((a) => !editor.selections.some((s) => s.option === a.option && s.room === a.room))
    : [];
  const newTotal = after ? totalOf(after, pkg._id) : currentTotal;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('app.package.title', { name: pkg.name })}
      closeButtonProps={{ 'aria-label': t('app.option.close') }}
      size="lg"
    >
      <Stack gap="sm" data-testid="package-preview">
        {pkg.description && <Text size="sm">{pkg.description}</Text>}
        <Stack gap={2}>
          <Text fw={600}>{t('app.package.chooses')}</Text>
          {added.length ? (
            added.map((s) => (
              <Text key={`${s.option}-${s.room}`} size="sm">
                {name(s.option)}
                {where(s.room)} · {money(context.options.get(s.option)?.price ?? 0)}
              </Text>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('app.package.all-chosen')}
            </Text>
          )}
        </Stack>
        {replaced.length > 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('app.package.replaces')}</Text>
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
          <Text>{t('app.package.total-now', { amount: money(currentTotal) })}</Text>
          <Text fw={700}>{t('app.package.total-with', { amount: money(newTotal) })}</Text>
        </Group>
        {pkg.priceAdjustment < 0 && (
          <Text size="sm" fw={600}>
            {t('app.package.saving', { amount: money(-pkg.priceAdjustment) })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('app.configure.cancel')}
          </Button>
          <Button onClick={onApply} disabled={!after}>
            {t('app.package.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
