import { readMoney } from '@decor/core';
import type { useT } from '../../lib/i18n.ts';

/**
 * A budget as the buyer typed it, in the project's currency and number format ("15,000",
 * "15 000,50 $"): its minor units, null when left empty, or the refusal in words — never a guess.
 */
export function readBudget(
  typed: string,
  { currency, locale }: { currency: string; locale: string },
  t: ReturnType<typeof useT>,
): { value: number | null } | { error: string } {
  if (typed.trim() === '') return { value: null };
  const reading = readMoney(typed, { currency, locale });
  if (!reading.ok) return { error: t(reading.key, reading.params) };
  if (reading.value < 0) return { error: t('app.configure.budget-negative', { currency }) };
  return { value: reading.value };
}
