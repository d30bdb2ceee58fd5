import type { Translate } from './messages/index.ts';
import { selectKey } from './messages/select-key.ts';
import type { Due, ScheduleKind } from './payments.ts';

/*
 * A selection's schedule in words (docs/payments.md): apart from the payments' schemas, so that
 * a page that only says what is due (My home) does not load them (docs/performance.md, "Page weight").
 */

/** What a scheduled amount is called: an instalment by the name the design centre gave it, the rest by its kind. */
export function scheduleItemName(
  item: { kind: ScheduleKind; label?: string | undefined; revision?: number | undefined },
  t: Translate,
): string {
  return item.kind === 'instalment' && item.label
    ? item.label
    : t('app.payments.kind', { kind: selectKey(item.kind), revision: item.revision ?? 0 });
}

/** When a scheduled amount is due, in words: at signing (with its day), on a day, or at a stage; `day` says a YYYY-MM-DD day. */
export function scheduleItemDue(
  item: { due: Due | { signedAt: string }; dueDay: string | null },
  t: Translate,
  day: (isoDay: string) => string,
): string {
  if ('signedAt' in item.due) return t('app.payments.due-signed', { day: item.dueDay ? day(item.dueDay) : '—' });
  if ('date' in item.due) return day(item.due.date);
  return t('app.payments.due-stage', { stage: item.due.stage });
}
