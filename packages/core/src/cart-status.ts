import { addBusinessDays, calendarDayOf, DEFAULT_TIME_ZONE, zoneOffsetAt, type CalendarDay } from './dates.ts';
import { message, type CoreKey, type MessageParams, type Say } from './messages/index.ts';

/** A cart's life (docs/selection-rules.md): draft → submitted → approved; returned; reopened; locked after the deadline. */
export type CartStatus = 'draft' | 'submitted' | 'approved';
export type EffectiveStatus = CartStatus | 'locked';
export const CART_ACTIONS = ['submit', 'approve', 'return', 'reopen', 'extend'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];
export type CartActor = 'buyer' | 'manager';

/**
 * A cart's status in words, from the catalogue: the buyer's word, the design centre's (a
 * submitted cart "awaits approval" for them), or the signed document's.
 */
export function cartStatusWord(
  status: EffectiveStatus,
  audience: 'buyer' | 'staff' | 'document' = 'buyer',
  say: Say = message,
): string {
  if (status === 'submitted' && audience !== 'buyer')
    return say(audience === 'staff' ? 'cart.status.submitted.staff' : 'cart.status.submitted.document');
  return say(`cart.status.${status}`);
}

/** What an action in a cart's history did, in words (`Returned for a change`). */
export function cartActionWord(action: string, say: Say = message): string {
  return (CART_ACTIONS as readonly string[]).includes(action) ? say(`cart.action.${action as CartAction}`) : action;
}

/** A draft whose deadline has passed is locked (read-only) until a manager extends it. */
export function effectiveStatus(cart: { status: CartStatus; deadline: string | null }, now: Date): EffectiveStatus {
  if (cart.status === 'draft' && cart.deadline && Date.parse(cart.deadline) < now.getTime()) return 'locked';
  return cart.status;
}

const TRANSITIONS: Record<CartAction, { from: EffectiveStatus[]; to: CartStatus; by: CartActor[] }> = {
  submit: { from: ['draft'], to: 'submitted', by: ['buyer', 'manager'] },
  approve: { from: ['submitted'], to: 'approved', by: ['manager'] },
  return: { from: ['submitted'], to: 'draft', by: ['manager'] },
  reopen: { from: ['approved'], to: 'draft', by: ['manager'] },
  extend: { from: ['locked', 'draft'], to: 'draft', by: ['manager'] },
};

/** The status an action leads to, or why it cannot happen, in words a person understands. */
export function nextStatus(
  current: EffectiveStatus,
  action: CartAction,
  actor: CartActor,
):
  | { status: CartStatus }
  | { refused: string; key: CoreKey; params?: MessageParams; because: 'who' | 'locked' | 'state' } {
  const rule = TRANSITIONS[action];
  if (!rule.by.includes(actor)) return { refused: message('cart.staff-only'), key: 'cart.staff-only', because: 'who' };
  if (!rule.from.includes(current)) {
    if (current === 'locked')
      return { refused: message('cart.deadline-passed'), key: 'cart.deadline-passed', because: 'locked' };
    const params = { status: current };
    return {
      refused: message(`cart.cannot.${action}`, params),
      key: `cart.cannot.${action}`,
      params,
      because: 'state',
    };
  }
  return { status: rule.to };
}

/**
 * Why a buyer may not change a cart's choices now (the key of the sentence), or null when they may: only a draft
 * before its deadline is theirs to edit (docs/selection-rules.md, "Status").
 */
export function buyerEditRefusal(
  cart: { status: CartStatus; deadline: string | null },
  now: Date,
): 'cart.edit.locked' | 'cart.edit.submitted' | null {
  const status = effectiveStatus(cart, now);
  if (status === 'locked') return 'cart.edit.locked';
  if (status !== 'draft') return 'cart.edit.submitted';
  return null;
}

/** Business days the design centre takes to review a signed selection, unless the project says otherwise. */
export const DEFAULT_REVIEW_DAYS = 5;

/** The days before a deadline a draft's buyers are reminded when the project names none: a week, then a day. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];

/**
 * The reminder step a draft has reached `msLeft` before its deadline (docs/selection-rules.md,
 * "Reminders"): the nearest step it is within (6½ days before with steps 14, 7 and 2: the
 * 7-day one), or none while it is further away than every step.
 */
export function reminderStep(msLeft: number, steps: readonly number[]): number | null {
  const reached = steps.filter((days) => msLeft <= days * 86_400_000);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * The day the design centre's review of a selection signed at `signedAt` is due: that many
 * business days (Saturdays and Sundays skipped) after the day of the signature in the
 * project's time zone (docs/selection-rules.md, "Status").
 */
export function reviewDueBy(
  signedAt: Date,
  days: number = DEFAULT_REVIEW_DAYS,
  timeZone: string = DEFAULT_TIME_ZONE,
): CalendarDay {
  return addBusinessDays(calendarDayOf(signedAt, timeZone), days);
}

/** Whether one calendar day comes before another. */
function dayBefore(a: CalendarDay, b: CalendarDay): boolean {
  return a.year !== b.year ? a.year < b.year : a.month !== b.month ? a.month < b.month : a.day < b.day;
}

/**
 * The moment before which a selection signed is overdue for review now: its review-by day
 * (reviewDueBy) is before today in the project's zone. The back office lists and counts
 * "Review overdue" as submitted selections signed before it.
 */
export function reviewOverdueBefore(
  now: Date,
  days: number = DEFAULT_REVIEW_DAYS,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const today = calendarDayOf(now, timeZone);
  // The latest day whose signatures are overdue today: walk back from today until its review-by day has passed.
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day));
  const of = (date: Date): CalendarDay => ({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
  while (!dayBefore(addBusinessDays(of(day), days), today)) day.setUTCDate(day.getUTCDate() - 1);
  // Overdue: signed before the start of the next day in the zone.
  day.setUTCDate(day.getUTCDate() + 1);
  const midnight = day.getTime();
  const guess = midnight - zoneOffsetAt(timeZone, midnight) * 60_000;
  return new Date(midnight - zoneOffsetAt(timeZone, guess) * 60_000);
}

/**
 * The number of a change order as people count them: a selection's first revision is the
 * original, its second the first change order ("change order 1"); null for the original.
 */
export function changeOrderNumber(revision: number | null | undefined): number | null {
  return revision && revision > 1 ? revision - 1 : null;
}
