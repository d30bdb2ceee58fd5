import type { FastifyBaseLogger } from 'fastify';
import {
  formatCalendarDay,
  isoCalendarDay,
  fail,
  formatMoney,
  type Language,
  ledgerTotals,
  projectOptionsSchema,
  selectKey,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import { newPdf } from '../../lib/pdf-typesetter.ts';
import { PageWriter } from '../../lib/pdf-page-writer.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { readerOf, readersOf, receiptMail, type Mailer } from '../mail/index.ts';
import type { ProjectRow, Scope } from '../projects/index.ts';
import { buyerEmails, cartScope, readCart } from '../carts/index.ts';
import { buyerNamesOf, entriesOfCart, type EntryRow, plansOfCart, unitNameOf } from './payments.repo.ts';

/**
 * A receipt as a PDF in `language` (docs/payments.md, "Receipts"): what was received,
 * refunded or credited, its number, and where the selection stands after it.
 */
async function renderReceipt(
  db: Db,
  {
    project,
    cartId,
    unitId,
    entry,
    language,
  }: { project: ProjectRow; cartId: string; unitId: string; entry: EntryRow; language: Language },
) {
  const options = projectOptionsSchema.parse(project.options ?? {});
  const { t, locale } = readerOf(language, options.locale);
  const [plans, entries, unitName, buyers] = await Promise.all([
    plansOfCart(db, { projectId: project.id, cartId }),
    entriesOfCart(db, { projectId: project.id, cartId }),
    unitNameOf(db, project.id, unitId),
    buyerNamesOf(db, project.id, unitId),
  ]);
  // Where the selection stood once this entry was recorded: the entries up to it.
  const upTo = entries.filter((other) => other.receipt_number <= entry.receipt_number);
  const gross = plans.at(-1)?.gross ?? 0;
  const totals = ledgerTotals(gross, upTo);
  const money = (minor: number) => formatMoney(minor, { currency: entry.currency, locale });
  const kind = selectKey(entry.kind);

  const made = await newPdf();
  made.pdf.setTitle(`${project.name} – ${t('pdf.receipt.title', { kind })} ${entry.receipt_number}`);
  made.pdf.setLanguage(language);
  made.pdf.setCreator('Decor Portal');
  const writer = new PageWriter(made, (project.theme as { primary?: string } | null)?.primary ?? '#1f6f5c', t);
  await writer.title(project.name);
  await writer.line(
    `${t('pdf.receipt.title', { kind })} · ${t('pdf.receipt.number', { number: entry.receipt_number })}`,
    {
      size: 12,
      colour: writer.muted,
    },
  );
  writer.gap(6);
  await writer.pairs([
    [t('pdf.receipt.home'), unitName || '—'],
    ...(buyers.length ? [[t('pdf.receipt.buyers'), buyers.join(', ')] as [string, string]] : []),
    [t('pdf.receipt.day'), formatCalendarDay(isoCalendarDay(entry.paid_on), locale, {})],
    ...(entry.method
      ? [[t('pdf.receipt.method'), t('app.payments.method', { method: entry.method })] as [string, string]]
      : []),
    ...(entry.reference ? [[t('pdf.receipt.reference'), entry.reference] as [string, string]] : []),
    ...(entry.reason ? [[t('pdf.receipt.reason'), entry.reason] as [string, string]] : []),
    [t('pdf.receipt.recorded-by'), entry.created_by_name],
  ]);
  writer.gap(10);
  writer.rule();
  await writer.total(t('pdf.receipt.amount', { kind }), money(entry.amount));
  writer.gap(8);
  await writer.total(t('pdf.receipt.selection-total'), money(gross), false);
  await writer.total(t('pdf.receipt.paid-to-date'), money(totals.paid), false);
  if (totals.credits) await writer.total(t('pdf.receipt.credited'), money(totals.credits), false);
  await writer.total(t('pdf.receipt.balance'), money(totals.balance), false);
  await writer.footers(`${project.name} · ${t('pdf.receipt.number', { number: entry.receipt_number })}`);
  const bytes = await made.pdf.save();
  return {
    content: Buffer.from(bytes),
    filename: `${project.key}-${t('pdf.receipt.title', { kind }).toLowerCase().replace(/\s+/g, '-')}-${entry.receipt_number}.pdf`,
    unitName,
    balance: totals.balance,
  };
}

/** A receipt of a selection's ledger for whoever may read the selection (its buyers and the staff; anyone else 404). */
export async function receiptPdf(
  db: Db,
  { scope, cartId, entryId, language }: { scope: Promise<Scope>; cartId: string; entryId: string; language: Language },
) {
  const { project, actor, plan } = await cartScope(db, scope);
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const entry = (await entriesOfCart(db, { projectId: project.id, cartId })).find((row) => row.id === entryId);
  if (!entry) throw fail('not_found', 'payments.no-receipt');
  return renderReceipt(db, { project, cartId, unitId: String(cart.unit), entry, language });
}

/** Mails each buyer of the unit the receipt of an entry just recorded, in their language; a failure is logged, never undoes the entry. */
export async function mailReceipt({
  db,
  mailer,
  config,
  project,
  cartId,
  entryId,
  log,
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'portalHost' | 'portalUrl'>;
  project: ProjectRow;
  cartId: string;
  entryId: string;
  log?: FastifyBaseLogger;
}): Promise<void> {
  try {
    const cart = await readCart(db, { projectId: project.id, cartId });
    const entry = (await entriesOfCart(db, { projectId: project.id, cartId })).find((row) => row.id === entryId);
    if (!entry) return;
    const emails = await buyerEmails(db, project.id, {
      owner: (cart.owner as string | undefined) ?? null,
      unit: String(cart.unit),
    });
    const options = projectOptionsSchema.parse(project.options ?? {});
    const readerOfEmail = await readersOf(db, options, emails);
    const made = new Map<Language, Promise<Awaited<ReturnType<typeof renderReceipt>>>>();
    for (const to of emails) {
      const reader = readerOfEmail(to);
      if (!made.has(reader.language))
        made.set(
          reader.language,
          renderReceipt(db, { project, cartId, unitId: String(cart.unit), entry, language: reader.language }),
        );
      const receipt = await made.get(reader.language)!;
      const money = (minor: number) => formatMoney(minor, { currency: entry.currency, locale: reader.locale });
      await mailer.send({
        ...receiptMail({
          to,
          reader,
          projectName: project.name,
          unitName: receipt.unitName,
          kind: selectKey(entry.kind),
          number: entry.receipt_number,
          amount: money(entry.amount),
          balance: money(receipt.balance),
          url: `${projectOrigin(config, project.key)}/config/${cartId}`,
          pdf: receipt,
        }),
        projectId: project.id,
      });
    }
  } catch (error) {
    log?.warn({ err: error }, 'a receipt could not be mailed');
  }
}
