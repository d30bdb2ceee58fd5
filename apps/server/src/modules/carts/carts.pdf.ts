import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { effectiveStatus, fail, formatMoney, hexToRgb } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Scope } from '../projects/scope.ts';
import { cartScope } from './carts.operations.ts';
import { readCart } from './carts.repo.ts';
import { cartDocument, type CartData } from './carts.document.ts';
import type { ProjectRow } from '../projects/projects.repo.ts';

/**
 * GET /api/carts/{id}/pdf (docs/selection-rules.md): the signed summary of a cart, by room and
 * category, with totals, deposit, notes and the signature. Managers may print it without
 * prices for trades and vendors (`?prices=0`).
 */
export async function cartPdf({ db, scope, cartId, prices, now = new Date() }: { db: Db; scope: Promise<Scope>; cartId: string; prices: boolean; now?: Date }) {
  const { project, plan, isManager } = await cartScope(db, scope);
  if (!prices && !isManager) throw fail('forbidden', 'cart.pdf-prices');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  return renderCartPdf({ db, project, cart, cartId, prices, now });
}

/** The PDF of a cart already read (the caller has checked who may have it). */
export async function renderCartPdf({ db, project, cart, cartId, prices, now = new Date() }: { db: Db; project: ProjectRow; cart: CartData; cartId: string; prices: boolean; now?: Date }) {
  const doc = await cartDocument(db, project, cart);
  const [owner] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, String(cart.owner ?? '')));
  const money = (minor: number) => formatMoney(minor, { currency: project.currency, locale: doc.project.options.locale });
  const date = (iso: string) => new Date(iso).toLocaleString(doc.project.options.locale, { dateStyle: 'long', timeStyle: 'short' });

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${project.name} – ${doc.unit?.name ?? 'Selection'}`);
  pdf.setCreator('Decor Portal');
  pdf.setCreationDate(now);
  const writer = new PageWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), doc.project.theme.primary);

  writer.title(project.name);
  writer.line(`Design selection${(cart.revision ?? 1) > 1 ? ` – change order ${cart.revision}` : ''}`, { size: 12, colour: MUTED });
  writer.gap(6);
  writer.pairs([
    ['Unit', [doc.unit?.name, doc.plan?.name].filter(Boolean).join(' · ') || '—'],
    ['Buyer', owner ? [owner.name, owner.email].filter(Boolean).join(' · ') : '—'],
    ['Status', STATUS_WORDS[effectiveStatus(cart, now)]],
    ...(cart.deadline ? [['Deadline', date(cart.deadline)] as [string, string]] : []),
    ['Printed', date(now.toISOString())],
  ]);
  writer.gap(10);

  if (!doc.groups.length) writer.line('Nothing has been chosen yet.', { colour: MUTED });
  for (const group of doc.groups) {
    writer.heading(group.room.name);
    for (const line of group.lines) {
      const name = `${line.option?.name ?? 'An option no longer offered'}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;
      const detail = [line.option?.sku, line.option?.vendor].filter(Boolean).join(' · ');
      writer.row(line.category?.name ?? '', name, detail, prices ? (line.amount === 0 ? 'Included' : money(line.amount)) : '');
    }
    writer.gap(4);
  }
  if (doc.package) {
    writer.heading('Package');
    writer.row('', doc.package.name, '', prices ? money(doc.package.priceAdjustment) : '');
  }
  if (cart.fees?.length) {
    writer.heading('Change orders');
    for (const fee of cart.fees) writer.row('', fee.label, '', prices ? money(fee.amount) : '');
  }
  if (prices) {
    writer.gap(6);
    writer.rule();
    writer.total('Upgrades total', money(doc.total));
    if (doc.depositPercent > 0) writer.total(`Deposit (${doc.depositPercent} %)`, money(doc.deposit), false);
  }
  if (cart.notes) {
    writer.gap(8);
    writer.heading('Notes');
    writer.paragraph(cart.notes);
  }
  writer.gap(14);
  writer.heading('Signature');
  if (cart.signature) {
    writer.paragraph(`Signed by ${cart.signature.name} on ${date(cart.signature.signedAt)}${prices ? `, for an upgrades total of ${money(cart.signature.total)}` : ''}.`);
  } else {
    writer.paragraph('Not signed yet: this summary is for review.');
  }
  writer.footers(`${project.name} · ${doc.unit?.name ?? ''}`);
  const label = (doc.unit?.name ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || cartId.slice(-8);
  return { bytes: await pdf.save(), fileName: `selection-${label}${prices ? '' : '-no-prices'}.pdf` };
}

const STATUS_WORDS = { draft: 'In progress', submitted: 'Submitted for approval', approved: 'Approved', locked: 'Deadline passed' } as const;

const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);
const PAGE = { width: 612, height: 792, margin: 54 };

/** Lays text out top to bottom, starting a new page when the current one is full. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private readonly accent;
  private readonly supported: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    accentHex: string,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    const [r, g, b] = hexToRgb(accentHex) ?? [31, 111, 92];
    this.accent = rgb(r / 255, g / 255, b / 255);
    this.supported = new Set(font.getCharacterSet());
  }

  /** Standard PDF fonts cover Western European text; anything else is shown as "?" rather than failing. */
  private clean(text: string): string {
    return [...text.replace(/[\u202f\u2009\u00a0]/g, ' ')].map((c) => (this.supported.has(c.codePointAt(0)!) ? c : '?')).join('');
  }

  private room(height: number) {
    if (this.y - height < PAGE.margin + 20) {
      this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  private clip(text: string, width: number, size: number, font = this.font): string {
    let value = this.clean(text);
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    while (value.length > 1 && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
    return `${value}…`;
  }

  private wrap(text: string, width: number, size: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/)) {
        const next = current ? `${current} ${word}` : word;
        if (this.font.widthOfTextAtSize(next, size) > width && current) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  }

  gap(points: number) {
    this.y -= points;
  }

  title(text: string) {
    this.room(30);
    this.page.drawText(this.clip(text, PAGE.width - 2 * PAGE.margin, 20, this.bold), { x: PAGE.margin, y: this.y - 20, size: 20, font: this.bold, color: this.accent });
    this.y -= 28;
  }

  line(text: string, { size = 10, colour = INK }: { size?: number; colour?: ReturnType<typeof rgb> } = {}) {
    this.room(size + 6);
    this.page.drawText(this.clip(text, PAGE.width - 2 * PAGE.margin, size), { x: PAGE.margin, y: this.y - size, size, font: this.font, color: colour });
    this.y -= size + 6;
  }

  pairs(rows: Array<[string, string]>) {
    for (const [label, value] of rows) {
      this.room(16);
      this.page.drawText(this.clean(label), { x: PAGE.margin, y: this.y - 10, size: 10, font: this.bold, color: MUTED });
      this.page.drawText(this.clip(value, PAGE.width - 2 * PAGE.margin - 80, 10), { x: PAGE.margin + 80, y: this.y - 10, size: 10, font: this.font, color: INK });
      this.y -= 16;
    }
  }

  heading(text: string) {
    this.room(40);
    this.y -= 6;
    this.page.drawText(this.clip(text, PAGE.width - 2 * PAGE.margin, 13, this.bold), { x: PAGE.margin, y: this.y - 13, size: 13, font: this.bold, color: this.accent });
    this.y -= 20;
  }

  row(category: string, name: string, detail: string, amount: string) {
    const height = detail ? 26 : 16;
    this.room(height);
    const nameX = PAGE.margin + 130;
    const amountRight = PAGE.width - PAGE.margin;
    this.page.drawText(this.clip(category, 120, 9), { x: PAGE.margin, y: this.y - 10, size: 9, font: this.font, color: MUTED });
    this.page.drawText(this.clip(name, amountRight - nameX - 90, 10), { x: nameX, y: this.y - 10, size: 10, font: this.font, color: INK });
    if (detail) this.page.drawText(this.clip(detail, amountRight - nameX - 90, 8), { x: nameX, y: this.y - 21, size: 8, font: this.font, color: MUTED });
    if (amount) {
      const text = this.clean(amount);
      this.page.drawText(text, { x: amountRight - this.font.widthOfTextAtSize(text, 10), y: this.y - 10, size: 10, font: this.font, color: INK });
    }
    this.y -= height;
  }

  rule() {
    this.room(8);
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.7, color: MUTED });
    this.y -= 8;
  }

  total(label: string, amount: string, isMain = true) {
    const size = isMain ? 13 : 10;
    const font = isMain ? this.bold : this.font;
    this.room(size + 8);
    const text = this.clean(amount);
    this.page.drawText(this.clean(label), { x: PAGE.margin, y: this.y - size, size, font, color: INK });
    this.page.drawText(text, { x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(text, size), y: this.y - size, size, font, color: INK });
    this.y -= size + 8;
  }

  paragraph(text: string) {
    for (const line of this.wrap(text, PAGE.width - 2 * PAGE.margin, 10)) this.line(line);
  }

  footers(text: string) {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const label = this.clean(`${text} · page ${index + 1} of ${pages.length}`);
      page.drawText(label, { x: PAGE.margin, y: PAGE.margin - 24, size: 8, font: this.font, color: MUTED });
    });
  }
}
