import {
  depositOf,
  fieldIn,
  groupCartLines,
  pricedSnapshot,
  projectInLanguage,
  projectLanguages,
  type Language,
  type ProjectResponse,
  type Say,
  type ViewCategory,
  type ViewOption,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { ProjectRow } from '../projects/index.ts';
import { projectResponse } from '../portal/index.ts';
import { itemsById, type CartData } from './carts.repo.ts';

export type { CartData };

/**
 * Everything a printed or shared cart shows, gathered in three queries: the project (with
 * its rooms), the unit and its plan, and the chosen options with their categories and
 * package. The PDF and the shared preview both read this one shape. The catalogue's names are
 * in `language` where written (docs/languages.md), else in the project's default language.
 */
export async function cartDocument(db: Db, project: ProjectRow, cart: CartData, say?: Say, language?: Language) {
  const reader = language ?? projectLanguages(project.options).defaultLanguage;
  const projectView: ProjectResponse = projectInLanguage(await projectResponse(db, project), reader);
  const nameOf = (row: { data: Record<string, unknown> }) => fieldIn(row.data, reader);
  const first = await itemsById(db, project.id, [
    ...cart.selections.map((s) => s.option),
    cart.unit,
    ...(cart.package ? [cart.package] : []),
  ]);
  const unitRow = first.find((row) => row.collection === 'units');
  const packageRow = first.find((row) => row.collection === 'packages');
  const options = new Map<string, ViewOption>(
    first
      .filter((row) => row.collection === 'options')
      .map((row) => [
        row.id,
        {
          _id: row.id,
          name: nameOf(row),
          category: String(row.data.category ?? ''),
          price: Number(row.data.price ?? 0),
          sku: String(row.data.sku ?? ''),
          vendor: String(row.data.vendor ?? ''),
          swatch: (row.data.swatch as ViewOption['swatch']) ?? null,
        },
      ]),
  );
  const second = await itemsById(db, project.id, [
    ...[...options.values()].map((o) => o.category),
    String(unitRow?.data.plan ?? ''),
  ]);
  const planRow = second.find((row) => row.collection === 'plans');
  const categories = new Map<string, ViewCategory>(
    second
      .filter((row) => row.collection === 'categories')
      .map((row) => [
        row.id,
        {
          _id: row.id,
          name: nameOf(row),
          order: Number(row.data.order ?? 0),
          allowance: Number(row.data.allowance ?? 0),
          rooms: (row.data.rooms as string[]) ?? [],
          surface: (row.data.surface as string | null) ?? null,
        },
      ]),
  );
  const depositPercent = projectView.options.depositPercent ?? 0;
  return {
    project: projectView,
    unit: unitRow
      ? {
          name: String(unitRow.data.name ?? ''),
          floor: Number(unitRow.data.floor ?? 0),
          area: typeof unitRow.data.area === 'number' ? unitRow.data.area : null,
        }
      : null,
    plan: planRow ? { name: nameOf(planRow), rooms: (planRow.data.rooms as string[]) ?? [] } : null,
    package: packageRow
      ? { name: nameOf(packageRow), priceAdjustment: Number(packageRow.data.priceAdjustment ?? 0) }
      : null,
    options,
    categories,
    groups: groupCartLines(cart.selections, { rooms: projectView.rooms, options, categories, ...(say ? { say } : {}) }),
    /**
     * The lines under the choices, from the one pricing function every view of a cart uses:
     * what was signed once signed, else today's package saving and change-order fees.
     */
    adjustments:
      cart.signature?.adjustments && cart.status !== 'draft'
        ? cart.signature.adjustments
        : pricedSnapshot({
            selections: cart.selections,
            priceOf: (id) => options.get(id)?.price,
            packageAdjustment: packageRow ? Number(packageRow.data.priceAdjustment ?? 0) : 0,
            packageName: packageRow ? nameOf(packageRow) : '',
            fees: cart.fees ?? [],
          }).adjustments,
    total: cart.total,
    deposit: depositOf(cart.total, depositPercent),
    depositPercent,
  };
}

export type CartDocument = Awaited<ReturnType<typeof cartDocument>>;
