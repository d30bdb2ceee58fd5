import { Alert, List, Text } from '@mantine/core';
import type { PriceChange } from '../../lib/cart-query.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * Tells the buyer which of their choices changed price while the selection was open: the
 * total shown is always today's, and this says why it moved (docs/selection-rules.md, "Prices").
 */
export function PriceChangeNotice({ changes, money }: { changes: PriceChange[]; money: (minor: number) => string }) {
  const t = useT();
  if (!changes.length) return null;
  // One line per option: the first price the buyer saw and the one that holds now.
  const byOption = new Map<string, PriceChange>();
  for (const change of changes) {
    const seen = byOption.get(change.option);
    byOption.set(change.option, seen ? { ...change, from: seen.from } : change);
  }
  const lines = [...byOption.values()].filter((c) => c.from !== c.to);
  if (!lines.length) return null;
  return (
    <Alert color="yellow" title={t('app.prices.title')} role="status" data-testid="price-changes">
      <Text size="sm" mb={4}>
        {t('app.prices.text', { count: lines.length })}
      </Text>
      <List size="sm">
        {lines.map((change) => (
          <List.Item key={change.option}>
            {t('app.prices.line', { name: change.name, from: money(change.from), to: money(change.to) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
