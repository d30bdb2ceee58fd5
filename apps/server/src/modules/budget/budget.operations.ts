import {
  buyerEditRefusal,
  changeOrderNumber,
  DEFAULT_FIT_WEIGHTING,
  explainFit,
  fail,
  fieldIn,
  fitDrivers,
  fitSetupOf,
  formatAmount,
  hasFeature,
  packageRooms,
  projectOptionsSchema,
  type FitAnswerView,
  type FitCatalogue,
  type FitCatalogueCategory,
  type FitCatalogueOption,
  type FitCataloguePackage,
  type FitRequestInput,
  type Language,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import { cartScope, planRooms, purchaseBefore, readCart } from '../carts/index.ts';
import { catalogueRows, unitOf } from './budget.repo.ts';
import type { FitRunner } from './budget.runner.ts';

type CatalogueRow = Awaited<ReturnType<typeof catalogueRows>>[number];
const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const rank = (value: unknown) => (typeof value === 'number' ? value : null);

/** The project's catalogue as Fit my budget reads it, with every name in `language` where written. */
async function catalogueOf(
  db: Db,
  { projectId, planId, rows }: { projectId: string; planId: string | null; rows: CatalogueRow[] },
  language: Language | undefined,
) {
  const plan = await planRooms(db, projectId, planId, language);
  const options = new Map<string, FitCatalogueOption>();
  const categories = new Map<string, FitCatalogueCategory>();
  const packages: FitCataloguePackage[] = [];
  const names = new Map<string, string>(plan.names);
  for (const { id, collection, data } of rows) {
    names.set(id, fieldIn(data, language));
    if (collection === 'options')
      options.set(id, {
        _id: id,
        name: fieldIn(data, language),
        category: String(data.category ?? ''),
        price: Number(data.price ?? 0),
        plans: strings(data.plans),
        rooms: strings(data.rooms),
        requires: strings(data.requires),
        excludes: strings(data.excludes),
        active: data.active !== false,
        recommendation: rank(data.recommendation),
      });
    else if (collection === 'categories')
      categories.set(id, {
        _id: id,
        name: fieldIn(data, language),
        required: data.required === true,
        multiple: data.multiple === true,
        quantities: data.quantities === true,
        allowance: Number(data.allowance ?? 0),
        rooms: strings(data.rooms),
      });
    else
      packages.push({
        _id: id,
        options: strings(data.options),
        priceAdjustment: Number(data.priceAdjustment ?? 0),
        recommendation: rank(data.recommendation),
      });
  }
  const catalogue: FitCatalogue = { options, categories, packages, planId, planRooms: plan.rooms };
  return { catalogue, names };
}

/**
 * Fit my budget for one selection (docs/fit-my-budget.md): the best selection of what the buyer's
 * plan offers within the budget, explained place by place, or by how much the smallest one keeping
 * the rules exceeds it. Reads only: taking the proposal is a change like any other.
 */
export async function fitBudget({
  db,
  scope,
  cartId,
  input,
  runner,
  language,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  input: Required<Omit<FitRequestInput, 'amount'>> & { amount?: number | undefined };
  runner: FitRunner;
  language?: Language;
  now?: Date;
}): Promise<FitAnswerView> {
  const { project, plan } = await cartScope(db, scope);
  // Another unit's selection is not found, whoever asks (the buyer's own carts only).
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  if (!hasFeature(project.features, 'fitBudget')) throw fail('forbidden', 'fit.off');
  const refusal = buyerEditRefusal(cart, now);
  if (refusal) throw fail('locked', refusal);
  const options = projectOptionsSchema.parse(project.options ?? {});
  // The catalogue is read beside the unit: neither waits for the other.
  const [unit, rows] = await Promise.all([unitOf(db, project.id, cart.unit), catalogueRows(db, project.id)]);
  const amount = input.amount ?? (typeof cart.budget === 'number' ? cart.budget : undefined);
  if (amount === undefined) throw fail('bad_request', 'fit.no-budget', undefined, { field: 'amount' });
  let budget = amount;
  if (input.of === 'home') {
    if (unit.basePrice === null) throw fail('bad_request', 'fit.no-base-price', undefined, { field: 'of' });
    if (amount < unit.basePrice) {
      const price = formatAmount(unit.basePrice, project.currency, options.locale);
      throw fail('bad_request', 'fit.under-base-price', { price }, { field: 'amount' });
    }
    budget = amount - unit.basePrice;
  }
  const { catalogue, names } = await catalogueOf(db, { projectId: project.id, planId: unit.planId, rows }, language);
  const signed =
    input.keepSigned && changeOrderNumber(cart.revision)
      ? ((await purchaseBefore(db, project.id, cartId, cart.revision ?? 1))?.lines ?? null)
      : null;
  const request = { budget, keep: input.keep, spendMore: input.spendMore, keepSigned: input.keepSigned };
  const setup = fitSetupOf(cart, catalogue, request, { ...DEFAULT_FIT_WEIGHTING, ...options.fitBudget }, signed);
  const answer = await runner.solve(setup.problem).catch(() => {
    throw fail('unavailable', 'fit.busy');
  });
  const named = (id: string | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  if (answer.kind === 'none') {
    return {
      kind: 'none',
      budget,
      minimum: answer.minimum,
      over: answer.over,
      drivers: (answer.cheapest ? fitDrivers(setup, catalogue, cart, answer.cheapest) : []).map((driver) => ({
        ...driver,
        option: named(driver.option),
        room: named(driver.room),
      })),
      figures: answer.figures,
    };
  }
  const explained = explainFit(setup, catalogue, cart, answer);
  const pack = catalogue.packages.find((p) => p._id === answer.package);
  return {
    kind: 'fit',
    budget,
    currentTotal: explained.currentTotal,
    total: explained.total,
    selections: explained.selections,
    package: named(answer.package),
    packageRooms: pack ? [...new Set(pack.options.flatMap((o) => packageRoomsOf(catalogue, o)))] : [],
    changes: explained.changes.map((change) => ({
      ...change,
      category: named(change.category)!,
      room: named(change.room),
      from: named(change.from),
      to: named(change.to),
      by: named(change.by),
    })),
    rooms: explained.rooms.map((sum) => ({ ...sum, room: named(sum.room) })),
    figures: answer.figures,
  };
}

/** The rooms a package's option fills for the plan (null: the home, for a category without rooms). */
function packageRoomsOf(catalogue: FitCatalogue, optionId: string): Array<string | null> {
  const rooms = packageRooms(optionId, catalogue.options, catalogue.categories, catalogue.planRooms);
  return rooms.length ? rooms : [null];
}
