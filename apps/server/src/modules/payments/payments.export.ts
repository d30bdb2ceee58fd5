import { divideRounded, fail, formatAmount, formatCsv, isoDayOf, projectOptionsSchema } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { requireManager, type Scope } from '../projects/index.ts';
import { entriesOfPeriod } from './payments.repo.ts';

/** The longest period one export covers, in days. */
const MAX_DAYS = 400;

/**
 * The accounting export (docs/payments.md, "The accounting export"): one row per receipt of the
 * period, money in, refunds and credits out (negative), in the currency's own decimals, with
 * the taxes each amount carries by name (its share of the selection's signed taxes, rounded
 * once), stable ids, and the project's and unit's references. The amounts add up to the
 * ledger's for the period.
 */
export async function accountingExport(
  db: Db,
  {
    scope,
    from,
    to,
    now = new Date(),
  }: { scope: Promise<Scope>; from?: string | undefined; to?: string | undefined; now?: Date },
) {
  const { project } = requireManager(await scope, 'payments.staff-only');
  const options = projectOptionsSchema.parse(project.options ?? {});
  const today = isoDayOf(now, options.timeZone);
  const last = to ?? today;
  const first = from ?? `${last.slice(0, 7)}-01`;
  if (first > last) throw fail('bad_request', 'payments.period-backwards', undefined, { field: 'from' });
  if ((Date.parse(last) - Date.parse(first)) / 86_400_000 > MAX_DAYS)
    throw fail('bad_request', 'payments.period-too-long', { days: MAX_DAYS }, { field: 'to' });
  const rows = await entriesOfPeriod(db, { projectId: project.id, from: first, to: last });
  const taxNames = [...new Set(rows.flatMap((row) => (row.taxes ?? []).map((tax) => tax.name)))];
  const signOf = (kind: string) => (kind === 'payment' ? 1 : -1);
  const lines = rows.map((row) => {
    const signed = signOf(row.kind) * row.amount;
    // The part of this amount that is each tax: its share of the signed total's taxes.
    const taxes = taxNames.map((name) => {
      const tax = row.taxes?.find((candidate) => candidate.name === name);
      if (!tax || !row.gross) return formatAmount(0, row.currency);
      return formatAmount(Number(divideRounded(BigInt(signed) * BigInt(tax.amount), BigInt(row.gross))), row.currency);
    });
    return [
      row.receipt_number,
      row.id,
      row.paid_on,
      row.kind,
      row.method ?? '',
      formatAmount(signed, row.currency),
      row.currency,
      ...taxes,
      project.key,
      row.unit_name,
      row.unit_id,
      row.cart_id,
      row.reference,
      row.reason,
      row.created_by_name,
      row.created_at,
    ];
  });
  const heading = [
    'receipt',
    'entry_id',
    'date',
    'kind',
    'method',
    'amount',
    'currency',
    ...taxNames.map((name) => `tax_${name}`),
    'project',
    'unit',
    'unit_id',
    'selection_id',
    'reference',
    'reason',
    'recorded_by',
    'recorded_at',
  ];
  return { csv: formatCsv([heading, ...lines]), filename: `${project.key}-payments-${first}-${last}.csv` };
}
