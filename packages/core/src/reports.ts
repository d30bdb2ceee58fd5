import { z } from 'zod';
import { isoDayOf, instantInZone } from './dates.ts';

/**
 * The design centre's reports (docs/reports.md): what crosses the network, and the months a
 * period is cut into in the project's zone. Every figure is computed by the database from the
 * same rows the lists read; the server's functions are the dashboard's too.
 */

export const REPORTS = ['take-rate', 'revenue', 'decisions', 'money', 'funnel'] as const;
export type ReportName = (typeof REPORTS)[number];

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The filters of a report, as the address carries them (`?from=2026-01&to=2026-12&plan=…`). */
export const reportFiltersSchema = z
  .object({
    /** The first and last month of the period, in the project's zone (default: the last twelve months). */
    from: month.optional(),
    to: month.optional(),
    plan: z.uuid().optional(),
    floor: z.coerce.number().int().min(-10).max(300).optional(),
    category: z.uuid().optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The period ends before it starts.', path: ['to'] })
  .refine((f) => !f.from || !f.to || monthsBetween(f.from, f.to) <= 120, {
    message: 'A period is ten years at most.',
    path: ['from'],
  });
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

const named = z.object({ id: z.string(), name: z.string() });

/** Take rate (docs/reports.md): the share of the selections in scope choosing each option and category. */
export const takeRateSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  selections: z.number(),
  categories: z.array(named.extend({ count: z.number(), share: z.number() })),
  /** `upgrade`: priced above the standard finish today. */
  options: z.array(named.extend({ category: z.string(), count: z.number(), share: z.number(), upgrade: z.boolean() })),
  /** Options offered and chosen by no selection in the period. */
  unchosen: z.array(named.extend({ category: z.string() })),
  packages: z.array(named.extend({ count: z.number(), share: z.number() })),
});
export type TakeRate = z.infer<typeof takeRateSchema>;

/**
 * Each sum of option lines by status, and for the signed ones (approved and submitted) whose
 * option has a cost: `costed`, what they sell for, and `cost`, what they cost (docs/reports.md,
 * "Cost and margin"); the margin is their difference.
 */
const byStatus = {
  approved: z.number(),
  submitted: z.number(),
  open: z.number(),
  costed: z.number(),
  cost: z.number(),
};

/** Upgrade revenue (docs/reports.md): option lines, approved, submitted and open, by category, month, plan and floor. */
export const revenueSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  total: z.object(byStatus),
  categories: z.array(named.extend(byStatus)),
  months: z.array(z.object({ month: z.string(), ...byStatus })),
  plans: z.array(named.extend(byStatus)),
  floors: z.array(z.object({ floor: z.number(), ...byStatus })),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** The stages a selection's decision time is measured to, each from its start (docs/reports.md, "Decision time"). */
export const DECISION_STAGES = ['choice', 'submitted', 'approved'] as const;
export type DecisionStage = (typeof DECISION_STAGES)[number];

/** A length of time in days, to the tenth. */
const days = z.number();

/**
 * Decision time and deadline risk (docs/reports.md): how many days buyers whose selection started
 * in the period took to each stage; the open selections forecast to miss their deadline.
 */
export const decisionsSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** Selections started (invited, else opened) in the period. */
  started: z.number(),
  stages: z.array(
    z.object({
      stage: z.enum(DECISION_STAGES),
      /** How many of them reached it. */
      count: z.number(),
      median: days.nullable(),
      p25: days.nullable(),
      p75: days.nullable(),
      /** How many reached it within a week, two weeks, a month, two months, later. */
      buckets: z.array(z.number()).length(5),
    }),
  ),
  /** Open selections with a deadline ahead, at any start. */
  open: z.number(),
  atRisk: z.array(
    z.object({
      cart: z.string(),
      unit: z.string(),
      buyers: z.array(z.string()),
      deadline: z.string(),
      /** The share of the required choices made. */
      progress: z.number(),
      daysLeft: days,
      /** Days past the deadline it would finish at its pace so far; null when nothing is chosen yet. */
      lateBy: days.nullable(),
      lastReminded: z.string().nullable(),
    }),
  ),
});
export type Decisions = z.infer<typeof decisionsSchema>;

/** The week limits of a stage's buckets, in days (the last bucket is everything later). */
export const DECISION_BUCKETS = [7, 14, 30, 60] as const;

/**
 * Whether an open selection will miss its deadline at its pace so far (docs/reports.md, "Deadline
 * risk"): with nothing chosen, once a third of its time has gone or a week is left; otherwise when
 * the time it took for what is done, stretched to all of it, ends after the deadline. Returns the
 * days it would be late (0 when on time), or null when nothing is chosen (and it is at risk).
 */
export function deadlineRisk(input: { start: number; deadline: number; now: number; progress: number }) {
  const day = 86_400_000;
  const elapsed = Math.max(0, input.now - input.start);
  const left = input.deadline - input.now;
  if (input.progress >= 1) return { atRisk: false, lateBy: 0 };
  if (input.progress <= 0) {
    const window = Math.max(0, input.deadline - input.start);
    return { atRisk: elapsed >= window / 3 || left <= 7 * day, lateBy: null };
  }
  const finish = input.start + elapsed / input.progress;
  const late = finish - input.deadline;
  return { atRisk: late > 0, lateBy: late > 0 ? Math.round((late / day) * 10) / 10 : 0 };
}

/**
 * Money by week (docs/reports.md, "Money"): what the signed selections' schedules make due each
 * week, what was received, and what of it is overdue today; in the project's minor units.
 */
export const moneyReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  weeks: z.array(z.object({ week: z.string(), due: z.number(), received: z.number(), overdue: z.number() })),
  /** The weeks' sums, and what is owed at a stage not yet reached (no day yet). */
  total: z.object({ due: z.number(), received: z.number(), overdue: z.number(), undated: z.number() }),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

const leadCounts = { inquiries: z.number(), contacted: z.number(), buyers: z.number() };

/**
 * The front door's funnel (docs/reports.md, "Funnel"): the widget's views and clicks, the
 * inquiries of the period (one per person), those followed up, those who became buyers; by site,
 * campaign, agent code and source; and the sales-centre screens' part.
 */
export const funnelSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  steps: z.object({ views: z.number(), clicks: z.number(), ...leadCounts }),
  sites: z.array(z.object({ site: z.string(), views: z.number(), clicks: z.number(), ...leadCounts })),
  campaigns: z.array(z.object({ campaign: z.string(), ...leadCounts })),
  codes: z.array(z.object({ code: z.string(), ...leadCounts })),
  sources: z.array(z.object({ source: z.string(), ...leadCounts })),
  salesCentre: z.object({ visits: z.number(), looks: z.number(), ...leadCounts }),
});
export type Funnel = z.infer<typeof funnelSchema>;

/**
 * Every live project at a glance, for the platform's administrators (docs/reports.md, "Across
 * projects"): the twelve months to this one, each figure the project's own report's.
 */
export const projectsAtAGlanceSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      currency: z.string(),
      period: z.object({ from: z.string(), to: z.string() }),
      selections: z.number(),
      approved: z.number(),
      submitted: z.number(),
      /** The margin of signed upgrades with a cost, and what they sell for. */
      margin: z.number(),
      costed: z.number(),
      open: z.number(),
      atRisk: z.number(),
      /** Of the amounts due in the period, what is unpaid today. */
      overdue: z.number(),
      inquiries: z.number(),
      buyers: z.number(),
    }),
  ),
});
export type ProjectsAtAGlance = z.infer<typeof projectsAtAGlanceSchema>;

/** A month (`YYYY-MM`) moved by a number of months. */
export function shiftMonth(value: string, by: number): string {
  const [year, month] = value.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Money's period when the address gives none (docs/reports.md, "Money"): two months back to three
 * ahead of this one in the project's zone, so the coming weeks' amounts show beside the past's.
 */
export function moneyFilters(filters: ReportFilters, timeZone: string, now = new Date()): ReportFilters {
  const current = isoDayOf(now, timeZone).slice(0, 7);
  if (filters.from || filters.to) return filters;
  return { ...filters, from: shiftMonth(current, -2), to: shiftMonth(current, 3) };
}

/** The first and last day of a period of months (`YYYY-MM`), as dates. */
export function periodDays(period: { from: string; to: string }) {
  const [year, month] = period.to.split('-').map(Number) as [number, number];
  return { from: `${period.from}-01`, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
}

/** What an option costs the builder, in the project's minor units: staff only, never in an option's document. */
export const optionCostSchema = z.object({
  option: z.uuid(),
  cost: z.number().int().min(0).max(100_000_000_00),
});
export type OptionCost = z.infer<typeof optionCostSchema>;
/** A cost to set (null takes it away). */
export const optionCostInputSchema = z.object({ cost: optionCostSchema.shape.cost.nullable() }).strict();
export const optionCostsSchema = z.object({ items: z.array(optionCostSchema) });

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

const nextMonth = (value: string) => shiftMonth(value, 1);

/** The instant a month starts in a zone (its first midnight; 01:00 where the clocks skip midnight). */
function monthStart(value: string, timeZone: string): string {
  const [year, monthOf] = value.split('-').map(Number) as [number, number];
  for (const hour of [0, 1, 2]) {
    const reading = instantInZone({ year, month: monthOf, day: 1, hour, minute: 0 }, timeZone);
    if (reading.ok) return reading.iso;
  }
  return new Date(Date.UTC(year, monthOf - 1, 1)).toISOString();
}

/**
 * A report's period in the project's zone: its months (each with the instant it starts) and the
 * instant after its last; by default the twelve months to `now`'s.
 */
export function reportPeriod(filters: Pick<ReportFilters, 'from' | 'to'>, timeZone: string, now = new Date()) {
  const current = isoDayOf(now, timeZone).slice(0, 7);
  const to = filters.to ?? current;
  const from = filters.from ?? shiftMonth(to, -11);
  const months: Array<{ month: string; start: string }> = [];
  for (let m = from; m <= to; m = nextMonth(m)) months.push({ month: m, start: monthStart(m, timeZone) });
  return { from, to, months, end: monthStart(nextMonth(to), timeZone) };
}
