import {
  deadlineRisk,
  DECISION_STAGES,
  EMBED_ELSEWHERE,
  fail,
  LEAD_SOURCES,
  missingRequired,
  moneyFilters,
  type Funnel,
  type ProjectsAtAGlance,
  standingOf,
  periodDays,
  projectOptionsSchema,
  type MoneyReport,
  type Decisions,
  type OptionCost,
  type RuleOption,
  reportPeriod,
  type Language,
  type ReportFilters,
  type Revenue,
  type TakeRate,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { itemNames } from '../decor/index.ts';
import { listAllProjects, requireManager, type Scope } from '../projects/index.ts';
import { allCategories } from '../carts/index.ts';
import { moneyByWeek } from '../payments/index.ts';
import {
  decisionRows,
  funnelRows,
  optionCostsOf,
  requiredCatalogue,
  riskDetails,
  revenueRows,
  takeRateRows,
  writeOptionCost,
  type ReportScope,
} from './reports.repo.ts';

interface ReportInput {
  db: Db;
  scope: Scope;
  filters: ReportFilters;
  language?: Language | undefined;
  now?: Date;
}

/** The project's managers only; the period cut into the project's months (docs/reports.md, "Period"). */
function scopeOf({ scope, filters, now = new Date() }: ReportInput) {
  const { project } = requireManager(scope);
  const { timeZone } = projectOptionsSchema.parse(project.options ?? {});
  const period = reportPeriod(filters, timeZone, now);
  const base: ReportScope = {
    projectId: project.id,
    plan: filters.plan,
    floor: filters.floor,
    category: filters.category,
    months: period.months,
    end: period.end,
    now,
  };
  return { base, period: { from: period.from, to: period.to } };
}

/** Names in the reader's language where the catalogue writes them (docs/languages.md). */
async function namesOf(db: Db, projectId: string, ids: string[], language: Language | undefined) {
  return itemNames(db, { projectId, ids: [...new Set(ids)], language });
}

const shareOf = (count: number, of: number) => (of ? count / of : 0);

/** Take rate (docs/reports.md): the share of the selections in scope choosing each option, category and package. */
export async function takeRate(input: ReportInput): Promise<TakeRate> {
  const { base, period } = scopeOf(input);
  const rows = await takeRateRows(input.db, base);
  const names = await namesOf(
    input.db,
    base.projectId,
    [...rows.categories, ...rows.options, ...rows.unchosen, ...rows.packages].map((row) => row.id),
    input.language,
  );
  const name = (row: { id: string; name: string }) => names.get(row.id) || row.name;
  const of = rows.selections;
  return {
    period,
    selections: of,
    categories: rows.categories.map((c) => ({ ...c, name: name(c), share: shareOf(c.count, of) })),
    options: rows.options.map((o) => ({ ...o, name: name(o), share: shareOf(o.count, of) })),
    unchosen: rows.unchosen.map((o) => ({ ...o, name: name(o) })),
    packages: rows.packages.map((p) => ({ ...p, name: name(p), share: shareOf(p.count, of) })),
  };
}

type Sums = Record<'approved' | 'submitted' | 'open' | 'costed' | 'cost', string>;
const sumsOf = (sums: Sums) => ({
  approved: Number(sums.approved),
  submitted: Number(sums.submitted),
  open: Number(sums.open),
  costed: Number(sums.costed),
  cost: Number(sums.cost),
});
const NOTHING = { approved: 0, submitted: 0, open: 0, costed: 0, cost: 0 };

/** Upgrade revenue (docs/reports.md): the option lines of the selections in scope, by status and by category, month, plan and floor. */
export async function revenue(input: ReportInput): Promise<Revenue> {
  const { base, period } = scopeOf(input);
  const rows = await revenueRows(input.db, base);
  const names = await namesOf(
    input.db,
    base.projectId,
    [...rows.categories, ...rows.plans].map((row) => row.id),
    input.language,
  );
  return {
    period,
    total: sumsOf(rows.total),
    categories: rows.categories.map((c) => ({ id: c.id, name: names.get(c.id) || c.name, ...sumsOf(c) })),
    // Every month of the period, those without a line at 0.
    months: base.months.map(({ month }) => {
      const found = rows.months.find((m) => m.month === month);
      return { month, ...(found ? sumsOf(found) : NOTHING) };
    }),
    plans: rows.plans.map((p) => ({ id: p.id, name: names.get(p.id) || p.name, ...sumsOf(p) })),
    floors: rows.floors.map((f) => ({ floor: f.floor, ...sumsOf(f) })),
  };
}

/** The project's option costs: its managers only (docs/reports.md, "Cost and margin"). */
export async function optionCosts({ db, scope }: { db: Db; scope: Scope }): Promise<{ items: OptionCost[] }> {
  const { project } = requireManager(scope);
  const costs = await optionCostsOf(db, project.id);
  return { items: [...costs].map(([option, cost]) => ({ option, cost })) };
}

/** Sets or takes away an option's cost: its project's managers only; an option of no project of theirs is a 404. */
export async function setOptionCost({
  db,
  scope,
  option,
  cost,
}: {
  db: Db;
  scope: Scope;
  option: string;
  cost: number | null;
}): Promise<OptionCost | null> {
  const { project, actor } = requireManager(scope);
  const found = await writeOptionCost(db, { projectId: project.id, optionId: option, cost, by: actor.userId });
  if (!found) throw fail('not_found', 'option.no-such');
  return cost === null ? null : { option, cost };
}

/**
 * Decision time and deadline risk (docs/reports.md): the days buyers whose selection started in
 * the period took to a first choice, a submission and an approval; the open selections that, at
 * their pace so far through the required choices (the rules' own count, as the buyer's page shows
 * it), will miss their deadline.
 */
export async function decisions(input: ReportInput): Promise<Decisions> {
  const { base, period } = scopeOf(input);
  const [rows, catalogue, categories] = await Promise.all([
    decisionRows(input.db, base),
    requiredCatalogue(input.db, base.projectId),
    allCategories(input.db, base.projectId),
  ]);
  const options = new Map(
    [...catalogue.options].map(([id, category]) => [id, { _id: id, category } as unknown as RuleOption]),
  );
  const now = base.now.getTime();
  const atRisk: Decisions['atRisk'] = [];
  // The rules' context and count of required places, once per plan.
  const perPlan = new Map<string | null, { context: Parameters<typeof missingRequired>[1]; required: number }>();
  const planOf = (plan: string | null) => {
    let known = perPlan.get(plan);
    if (!known) {
      const context = { options, categories, planRooms: plan ? (catalogue.plans.get(plan) ?? null) : null };
      known = { context, required: missingRequired([], context).length };
      perPlan.set(plan, known);
    }
    return known;
  };
  for (const cart of rows.open) {
    const { context, required } = planOf(cart.plan);
    const missing = missingRequired(cart.selections, context).length;
    const progress = required ? 1 - missing / required : cart.chosen ? 1 : 0;
    const deadline = Date.parse(cart.deadline);
    const risk = deadlineRisk({ start: Date.parse(cart.start), deadline, now, progress });
    if (!risk.atRisk) continue;
    atRisk.push({
      cart: cart.id,
      unit: cart.unit,
      buyers: [],
      deadline: cart.deadline,
      progress,
      daysLeft: Math.round(((deadline - now) / 86_400_000) * 10) / 10,
      lateBy: risk.lateBy,
      lastReminded: null,
    });
  }
  // Who to remind, read for the selections at risk only.
  const details = await riskDetails(
    input.db,
    base.projectId,
    atRisk.map((risk) => risk.cart),
  );
  for (const risk of atRisk) Object.assign(risk, details.get(risk.cart) ?? {});
  return {
    period,
    started: rows.started,
    // Every stage, those no selection reached with no figures.
    stages: DECISION_STAGES.map((stage) => {
      const found = rows.stages.find((s) => s.stage === stage);
      return found
        ? { stage, count: found.count, median: found.median, p25: found.p25, p75: found.p75, buckets: found.buckets }
        : { stage, count: 0, median: null, p25: null, p75: null, buckets: [0, 0, 0, 0, 0] };
    }),
    open: rows.open.length,
    atRisk,
  };
}

/** Money by week (docs/reports.md, "Money"): due, received and overdue, by the payments module's own schedule and ledger. */
export async function money(input: ReportInput): Promise<MoneyReport> {
  const { project } = requireManager(input.scope);
  const { timeZone } = projectOptionsSchema.parse(project.options ?? {});
  const { period } = scopeOf({ ...input, filters: moneyFilters(input.filters, timeZone, input.now) });
  const { plan, floor } = input.filters;
  const figures = await moneyByWeek(input.db, project, {
    ...periodDays(period),
    units: (unit) => (plan === undefined || unit.plan === plan) && (floor === undefined || unit.floor === floor),
    ...(input.now ? { now: input.now } : {}),
  });
  return { period, currency: project.currency, ...figures };
}

/**
 * The front door's funnel (docs/reports.md, "Funnel"): views and clicks of the widget, then the
 * period's inquiries, those followed up and those become buyers, by site, campaign, agent code
 * and source; the sales-centre screens' pairings, looks mailed and the leads they brought.
 */
export async function funnel(input: ReportInput): Promise<Funnel> {
  const { base, period } = scopeOf(input);
  const rows = await funnelRows(input.db, base, periodDays(period));
  const counts = (row: { inquiries: number; contacted: number; buyers: number } | undefined) => ({
    inquiries: row?.inquiries ?? 0,
    contacted: row?.contacted ?? 0,
    buyers: row?.buyers ?? 0,
  });
  const grouped = (by: string) => rows.leads.filter((row) => row.grouped === by);
  // A widget inquiry counts under the site it came from when the widget counts that site, else under "elsewhere".
  const sites = new Map(rows.sites.map((s) => [s.site, { ...s, inquiries: 0, contacted: 0, buyers: 0 }]));
  for (const row of grouped('referrer')) {
    if (row.referrer === null) continue; // the inquiries not made in the widget
    const key = row.referrer && sites.has(row.referrer) ? row.referrer : EMBED_ELSEWHERE;
    const site = sites.get(key) ?? { site: key, views: 0, clicks: 0, inquiries: 0, contacted: 0, buyers: 0 };
    sites.set(key, {
      ...site,
      inquiries: site.inquiries + row.inquiries,
      contacted: site.contacted + row.contacted,
      buyers: site.buyers + row.buyers,
    });
  }
  const bySource = (source: string) => counts(grouped('source').find((row) => row.source === source));
  return {
    period,
    steps: { views: rows.views, clicks: rows.clicks, ...counts(grouped('all')[0]) },
    sites: [...sites.values()],
    campaigns: grouped('campaign').map((row) => ({ campaign: row.campaign ?? '', ...counts(row) })),
    codes: grouped('code').map((row) => ({ code: row.code ?? '', ...counts(row) })),
    sources: LEAD_SOURCES.map((source) => ({ source, ...bySource(source) })),
    salesCentre: { visits: rows.visits, looks: rows.looks, ...bySource('display') },
  };
}

/**
 * Every live project's figures for an administrator (docs/reports.md, "Across projects"): over
 * the twelve months to this one, the same functions as each project's own reports, one project
 * after another.
 */
export async function projectsAtAGlance({
  db,
  actor,
  language,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  language?: Language | undefined;
  now?: Date;
}): Promise<ProjectsAtAGlance> {
  const projects = (await listAllProjects(db)).filter((project) => !project.archivedAt);
  const rows: ProjectsAtAGlance['projects'] = [];
  for (const project of projects) {
    const scope: Scope = { project, standing: standingOf(actor, 'admin'), actor };
    const input = { db, scope, filters: {}, language, now };
    const [take, upgrades, risk, owed, door] = await Promise.all([
      takeRate(input),
      revenue(input),
      decisions(input),
      money({ ...input, filters: { from: reportPeriod({}, timeZoneOf(project), now).from } }),
      funnel(input),
    ]);
    rows.push({
      id: project.id,
      key: project.key,
      name: project.name,
      currency: project.currency,
      period: take.period,
      selections: take.selections,
      approved: upgrades.total.approved,
      submitted: upgrades.total.submitted,
      margin: upgrades.total.costed - upgrades.total.cost,
      costed: upgrades.total.costed,
      open: risk.open,
      atRisk: risk.atRisk.length,
      overdue: owed.total.overdue,
      inquiries: door.steps.inquiries,
      buyers: door.steps.buyers,
    });
  }
  return { projects: rows };
}

const timeZoneOf = (project: { options?: unknown }) => projectOptionsSchema.parse(project.options ?? {}).timeZone;
