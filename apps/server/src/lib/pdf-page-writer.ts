import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { hexToRgb, type Translate } from '@decor/core';
import type { newPdf, Typesetter } from './pdf-typesetter.ts';

const PAGE = { width: 612, height: 792, margin: 54 };

/** Lays text out top to bottom, starting a new page when the current one is full; any script (lib/pdf-typesetter.ts). */
export class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private readonly accent;
  /** The text's colour, and the lighter one of labels and rules. */
  readonly ink: Color;
  readonly muted: Color;
  private readonly font: Typesetter;
  private readonly bold: Typesetter;

  private readonly pdf: PDFDocument;

  constructor(
    { pdf, rgb, typesetter }: Awaited<ReturnType<typeof newPdf>>,
    accentHex: string,
    private readonly t: Translate,
  ) {
    this.pdf = pdf;
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    const [r, g, b] = hexToRgb(accentHex) ?? [31, 111, 92];
    this.accent = rgb(r / 255, g / 255, b / 255);
    this.ink = rgb(0.12, 0.16, 0.2);
    this.muted = rgb(0.42, 0.45, 0.5);
    this.font = typesetter('regular');
    this.bold = typesetter('bold');
  }

  private room(height: number) {
    if (this.y - height < PAGE.margin + 20) {
      this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  private async text(
    text: string,
    {
      x,
      y,
      size,
      width,
      colour = this.ink,
      font = this.font,
    }: { x: number; y: number; size: number; width?: number; colour?: Color; font?: Typesetter },
  ) {
    const shown = width === undefined ? text : await font.clip(text, width, size);
    await font.draw(this.page, shown, { x, y, size, color: colour });
  }

  private async wrap(text: string, width: number, size: number): Promise<string[]> {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/)) {
        const next = current ? `${current} ${word}` : word;
        if ((await this.font.width(next, size)) > width && current) {
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

  async title(text: string) {
    this.room(30);
    await this.text(text, {
      x: PAGE.margin,
      y: this.y - 20,
      size: 20,
      width: PAGE.width - 2 * PAGE.margin,
      colour: this.accent,
      font: this.bold,
    });
    this.y -= 28;
  }

  async line(text: string, { size = 10, colour = this.ink }: { size?: number; colour?: Color } = {}) {
    this.room(size + 6);
    await this.text(text, { x: PAGE.margin, y: this.y - size, size, width: PAGE.width - 2 * PAGE.margin, colour });
    this.y -= size + 6;
  }

  async pairs(rows: Array<[string, string]>) {
    for (const [label, value] of rows) {
      this.room(16);
      await this.text(label, { x: PAGE.margin, y: this.y - 10, size: 10, colour: this.muted, font: this.bold });
      await this.text(value, {
        x: PAGE.margin + 80,
        y: this.y - 10,
        size: 10,
        width: PAGE.width - 2 * PAGE.margin - 80,
      });
      this.y -= 16;
    }
  }

  async heading(text: string) {
    this.room(40);
    this.y -= 6;
    await this.text(text, {
      x: PAGE.margin,
      y: this.y - 13,
      size: 13,
      width: PAGE.width - 2 * PAGE.margin,
      colour: this.accent,
      font: this.bold,
    });
    this.y -= 20;
  }

  async row(category: string, name: string, detail: string, amount: string) {
    const height = detail ? 26 : 16;
    this.room(height);
    const nameX = PAGE.margin + 130;
    const amountRight = PAGE.width - PAGE.margin;
    await this.text(category, { x: PAGE.margin, y: this.y - 10, size: 9, width: 120, colour: this.muted });
    await this.text(name, { x: nameX, y: this.y - 10, size: 10, width: amountRight - nameX - 90 });
    if (detail)
      await this.text(detail, {
        x: nameX,
        y: this.y - 21,
        size: 8,
        width: amountRight - nameX - 90,
        colour: this.muted,
      });
    if (amount)
      await this.text(amount, { x: amountRight - (await this.font.width(amount, 10)), y: this.y - 10, size: 10 });
    this.y -= height;
  }

  rule() {
    this.room(8);
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.7,
      color: this.muted,
    });
    this.y -= 8;
  }

  async total(label: string, amount: string, isMain = true) {
    const size = isMain ? 13 : 10;
    const font = isMain ? this.bold : this.font;
    this.room(size + 8);
    await this.text(label, { x: PAGE.margin, y: this.y - size, size, font });
    await this.text(amount, {
      x: PAGE.width - PAGE.margin - (await font.width(amount, size)),
      y: this.y - size,
      size,
      font,
    });
    this.y -= size + 8;
  }

  async paragraph(text: string) {
    for (const line of await this.wrap(text, PAGE.width - 2 * PAGE.margin, 10)) await this.line(line);
  }

  async footers(text: string) {
    const pages = this.pdf.getPages();
    for (const [index, page] of pages.entries()) {
      await this.font.draw(page, this.t('pdf.page', { text, page: index + 1, pages: pages.length }), {
        x: PAGE.margin,
        y: PAGE.margin - 24,
        size: 8,
        color: this.muted,
      });
    }
  }
}
