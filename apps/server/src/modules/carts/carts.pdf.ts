import { newPdf } from '../../lib/pdf-typesetter.ts';
import { PageWriter } from '../../lib/pdf-page-writer.ts';
import {
  adjustmentLabel,
  effectiveStatus,
  fail,
  formatDateTime,
  formatMoney,
  cartStatusWord,
  changeOrderNumber,
  projectLanguages,
  projectOptionsSchema,
  type Language,
  type Translate,
} from '@decor/core';
import { readerOf } from '../mail/index.ts';
import type { Db } from '../../db/client.ts';
import { findUser } from '../users/index.ts';
import type { Scope } from '../projects/index.ts';
import { cartScope } from './carts.operations.ts';
import { readCart, unitBuyerIds } from './carts.repo.ts';
import { cartDocument, type CartData } from './carts.document.ts';
import { changeOrderOf } from './carts.change-order.ts';
import { cartPdfParts, type CartPdfPart } from './carts.pdf-parts.ts';
import type { ProjectRow } from '../projects/index.ts';

/**
 * GET /api/carts/{id}/pdf (docs/selection-rules.md): the signed summary of a cart, by room and
 * category, with totals, deposit, notes and the signature. Managers may print it without
 * prices for trades and vendors (`?prices=0`).
 */
export async function cartPdf({
  db,
  scope,
  cartId,
  prices,
  language,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  prices: boolean;
  /** The language of whoever asks: an unsigned selection is printed in it. */
  language?: Language;
  now?: Date;
}) {
  const { project, plan, isManager } = await cartScope(db, scope);
  if (!prices && !isManager) throw fail('forbidden', 'cart.pdf-prices');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  return renderCartPdf({ db, project, cart, cartId, prices, language, now });
}

/**
 * The language a selection is printed in (docs/languages.md): a signed one in the language it
 * was signed in, whoever prints it; a draft in the reader's; else the project's default.
 */
export function documentLanguage(
  cart: Pick<CartData, 'status' | 'signature'>,
  options: Record<string, unknown>,
  asked?: Language,
): Language {
  const signedIn = cart.status !== 'draft' ? cart.signature?.language : undefined;
  return signedIn ?? asked ?? projectLanguages(options).defaultLanguage;
}

/** The PDF of a cart already read (the caller has checked who may have it). */
export async function renderCartPdf({
  db,
  project,
  cart,
  cartId,
  prices,
  language,
  now = new Date(),
}: {
  db: Db;
  project: ProjectRow;
  cart: CartData;
  cartId: string;
  prices: boolean;
  language?: Language | undefined;
  now?: Date;
}) {
  const {
    t,
    locale,
    language: printedIn,
  } = readerOf(documentLanguage(cart, project.options, language), projectOptionsSchema.parse(project.options).locale);
  const [doc, changeOrder] = await Promise.all([
    cartDocument(db, project, cart, t, printedIn),
    changeOrderOf(db, project.id, cart, cartId, printedIn),
  ]);
  const buyers = await buyersOf(db, project.id, cart);
  const money = (minor: number) => formatMoney(minor, { currency: project.currency, locale });
  const date = (iso: string) => formatDateTime(iso, { ...doc.project.options, locale });

  const made = await newPdf();
  const { pdf } = made;
  pdf.setTitle(`${project.name} – ${doc.unit?.name ?? t('pdf.selection')}`);
  pdf.setLanguage(printedIn);
  pdf.setCreator('Decor Portal');
  pdf.setCreationDate(now);
  const writer = new PageWriter(made, doc.project.theme.primary, t);

  await writer.title(project.name);
  const number = changeOrderNumber(cart.revision);
  await writer.line(number ? t('pdf.title-change-order', { number }) : t('pdf.title'), {
    size: 12,
    colour: writer.muted,
  });
  writer.gap(6);
  await writer.pairs([
    [t('pdf.unit'), [doc.unit?.name, doc.plan?.name].filter(Boolean).join(' · ') || '—'],
    ...buyerLines(buyers, t),
    [t('pdf.status'), cartStatusWord(effectiveStatus(cart, now), 'document', t)],
    ...(cart.deadline ? [[t('pdf.deadline'), date(cart.deadline)] as [string, string]] : []),
    [t('pdf.printed'), date(now.toISOString())],
  ]);
  writer.gap(10);

  if (changeOrder) {
    // The change-order document: what differs from the purchase in force, then the whole selection below.
    const signed = (amount: number) => (amount < 0 ? `−${money(-amount)}` : `+${money(amount)}`);
    const named = (lines: Array<{ name: string; quantity: number }>) =>
      lines.map((line) => `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`).join(', ') ||
      t('pdf.nothing');
    await writer.heading(t('pdf.change-order', { number: changeOrder.number }));
    await writer.line(t('pdf.compared', { date: date(changeOrder.approved.approvedAt) }), { colour: writer.muted });
    if (!changeOrder.changes.length) await writer.line(t('pdf.no-changes'), { colour: writer.muted });
    for (const change of changeOrder.changes) {
      await writer.row(
        [change.roomName, change.categoryName].filter(Boolean).join(' · '),
        `${named(change.before)} → ${named(change.after)}`,
        '',
        prices ? signed(change.difference) : '',
      );
    }
    for (const fee of changeOrder.added)
      await writer.row(t('pdf.added'), adjustmentLabel(fee, t), '', prices ? signed(fee.amount) : '');
    for (const fee of changeOrder.removed)
      await writer.row(t('pdf.removed'), adjustmentLabel(fee, t), '', prices ? signed(-fee.amount) : '');
    if (prices) {
      writer.gap(4);
      await writer.total(t('pdf.approved-total'), money(changeOrder.approved.total), false);
      await writer.total(t('pdf.new-total'), money(changeOrder.total), false);
      await writer.total(t('pdf.difference'), signed(changeOrder.difference), false);
    }
    writer.gap(10);
    await writer.heading(t('pdf.whole-selection'));
  }
  if (!doc.groups.length) await writer.line(t('pdf.nothing-chosen'), { colour: writer.muted });
  for (const group of doc.groups) {
    await writer.heading(group.room.name);
    for (const line of group.lines) {
      const name = `${line.option?.name ?? t('pdf.no-longer-offered')}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;
      const detail = [line.option?.sku, line.option?.vendor].filter(Boolean).join(' · ');
      await writer.row(
        line.category?.name ?? '',
        name,
        detail,
        prices ? (line.amount === 0 ? t('pdf.included') : money(line.amount)) : '',
      );
    }
    writer.gap(4);
  }
  if (doc.adjustments.length) {
    // The package's saving and change-order fees: the same lines as on screen, adding up to the total.
    await writer.heading(doc.package ? t('pdf.package-fees') : t('pdf.change-orders'));
    for (const adjustment of doc.adjustments)
      await writer.row('', adjustmentLabel(adjustment, t), '', prices ? money(adjustment.amount) : '');
  }
  if (prices) {
    writer.gap(6);
    await writeTotals(writer, { t, money, doc }, await cartPdfParts({ db, project, cartId, t, locale }));
  }
  if (cart.notes) {
    writer.gap(8);
    await writer.heading(t('pdf.notes'));
    await writer.paragraph(cart.notes);
  }
  writer.gap(14);
  await writer.heading(t('pdf.signature'));
  if (cart.signature) {
    // Where every buyer signed, each signature with its time; the last one submitted it.
    const others =
      cart.status !== 'draft'
        ? (cart.signatures ?? []).filter(
            (s) => s.signedAt !== cart.signature!.signedAt || s.name !== cart.signature!.name,
          )
        : [];
    for (const other of others)
      await writer.paragraph(t('pdf.signed', { name: other.name, date: date(other.signedAt) }));
    const signature = {
      name: cart.signature.name,
      date: date(cart.signature.signedAt),
      total: money(cart.signature.total),
    };
    await writer.paragraph(prices ? t('pdf.signed-total', signature) : t('pdf.signed', signature));
  } else {
    await writer.paragraph(t('pdf.not-signed'));
  }
  await writer.footers(`${project.name} · ${doc.unit?.name ?? ''}`);
  const label = (doc.unit?.name ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || cartId.slice(-8);
  return {
    bytes: await pdf.save(),
    fileName: `${t('pdf.file')}-${label}${prices ? '' : `-${t('pdf.file-no-prices')}`}.pdf`,
  };
}

/** The header's buyers, one line each, the label on the first. */
function buyerLines(buyers: Array<{ name: string | null; email: string }>, t: Translate): Array<[string, string]> {
  if (!buyers.length) return [[t('pdf.buyer'), '—']];
  const label = buyers.length > 1 ? t('pdf.buyers') : t('pdf.buyer');
  return buyers.map((buyer, index) => [
    index === 0 ? label : '',
    [buyer.name, buyer.email].filter(Boolean).join(' · '),
  ]);
}

/** Every buyer who signs: the selection's owner, then the unit's other buyers (docs/selection-rules.md, "Signing together"). */
async function buyersOf(db: Db, projectId: string, cart: Pick<CartData, 'owner' | 'unit'>) {
  const ids = [
    ...new Set([
      ...(cart.owner ? [String(cart.owner)] : []),
      ...(await unitBuyerIds(db, projectId, String(cart.unit))),
    ]),
  ];
  return (await Promise.all(ids.map((id) => findUser(db, id)))).filter((user) => user !== undefined);
}

/**
 * The selection's total and the deposit it asks, then what other modules print with the prices
 * (the payments' taxes and schedule), each under its heading.
 */
async function writeTotals(
  writer: PageWriter,
  {
    t,
    money,
    doc,
  }: {
    t: Translate;
    money: (minor: number) => string;
    doc: { total: number; deposit: number; depositPercent: number };
  },
  parts: CartPdfPart[],
) {
  writer.rule();
  await writer.total(t('pdf.upgrades-total'), money(doc.total));
  if (doc.depositPercent > 0)
    await writer.total(t('pdf.deposit', { percent: doc.depositPercent }), money(doc.deposit), false);
  for (const part of parts) {
    writer.gap(10);
    await writer.heading(part.heading);
    for (const [label, detail, amount] of part.rows) await writer.row('', label, detail, amount);
    for (const [label, amount] of part.totals) await writer.total(label, amount, false);
  }
}
