import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { woffToSfnt } from './woff.ts';

/**
 * Text in a PDF in any script a buyer may type (docs/decisions/020-pdf-fonts.md): each
 * character is drawn with the first font that has it — Noto Sans for Latin, Greek and
 * Cyrillic, DejaVu Sans for Hebrew, Arabic, symbols and emoji, Noto Sans SC for Chinese,
 * Japanese and Korean characters — embedded and subset to the glyphs used. Lines are put in
 * visual order by the Unicode bidirectional algorithm; each run is shaped by fontkit, which
 * joins Arabic letters and lays right-to-left runs out right to left. The font files come
 * from npm packages; nothing is downloaded.
 */

export type Weight = 'regular' | 'bold';

interface Face {
  file: string;
  ranges: Array<[number, number]>;
}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The faces of a Fontsource package at a weight, with the Unicode ranges of each file (read from its CSS). */
function fontsourceFaces(name: string, weight: number): Face[] {
  const dir = packageDir(name);
  const css = fs.readFileSync(path.join(dir, `${weight}.css`), 'utf8');
  const faces: Face[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\) format\('woff'\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
    });
    faces.push({ file: path.join(dir, 'files', file), ranges });
  }
  return faces;
}

/** DejaVu Sans: Hebrew, Arabic and its presentation forms, symbols and emoji — and the last resort for anything else. */
function dejavu(weight: Weight): Face {
  const file = path.join(
    packageDir('dejavu-fonts-ttf'),
    'ttf',
    weight === 'bold' ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf',
  );
  return {
    file,
    ranges: [
      [0x0590, 0x08ff],
      [0x2190, 0x2bff],
      [0xfb1d, 0xfeff],
      [0x1f000, 0x1faff],
    ],
  };
}

interface FaceSet {
  faces: Face[];
  fallback: Face;
  /** The face found for each code point so far: the lookup runs once per character, not per use. */
  byCodePoint: Map<number, Face>;
}

const facesByWeight = new Map<Weight, FaceSet>();

function facesOf(weight: Weight): FaceSet {
  let entry = facesByWeight.get(weight);
  if (!entry) {
    const numeric = weight === 'bold' ? 700 : 400;
    const fallback = dejavu(weight);
    entry = {
      faces: [
        ...fontsourceFaces('@fontsource/noto-sans', numeric),
        fallback,
        ...fontsourceFaces('@fontsource/noto-sans-sc', numeric),
      ],
      fallback,
      byCodePoint: new Map(),
    };
    facesByWeight.set(weight, entry);
  }
  return entry;
}

/** Each font file's bytes, read once; a WOFF file as the sfnt it wraps, which fontkit reads without inflating it again per glyph. */
const fileBytes = new Map<string, Buffer>();
const bytesOf = (file: string) => {
  let bytes = fileBytes.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    if (file.endsWith('.woff')) bytes = woffToSfnt(bytes);
    fileBytes.set(file, bytes);
  }
  return bytes;
};

type PdfLib = typeof import('pdf-lib');
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Bidi = ReturnType<typeof import('bidi-js').default>;
/** pdf-lib, fontkit and the bidirectional algorithm, loaded with the first PDF a process makes, not at its start: they take half a second to load. */
let libraries: Promise<{ pdfLib: PdfLib; fontkit: Fontkit; bidi: Bidi }> | undefined;

/** A new PDF document that embeds fonts, pdf-lib's colour maker, and the document's typesetter at a weight. */
export async function newPdf(): Promise<{
  pdf: PDFDocument;
  rgb: PdfLib['rgb'];
  typesetter: (weight: Weight) => Typesetter;
}> {
  libraries ??= Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit').then((module) => (module as unknown as { default: Fontkit }).default),
    import('bidi-js').then((module) => module.default()),
  ]).then(([pdfLib, fontkit, bidi]) => ({ pdfLib, fontkit, bidi }));
  const { pdfLib, fontkit, bidi } = await libraries;
  const pdf = await pdfLib.PDFDocument.create();
  pdf.registerFontkit(fontkit);
  return { pdf, rgb: pdfLib.rgb, typesetter: (weight) => new Typesetter(pdf, weight, bidi) };
}

interface Run {
  font: PDFFont;
  text: string;
}

/** The typesetter of one document (made by `newPdf`) at one weight: fonts embedded on first use, subset when the PDF is saved. */
export class Typesetter {
  private readonly embedded = new Map<string, PDFFont>();
  private readonly laidOut = new Map<string, Promise<Run[]>>();
  private readonly faces;

  constructor(
    private readonly pdf: PDFDocument,
    weight: Weight,
    private readonly bidi: Bidi,
  ) {
    this.faces = facesOf(weight);
  }

  private faceOf(codePoint: number): Face {
    const { faces, fallback, byCodePoint } = this.faces;
    let face = byCodePoint.get(codePoint);
    if (!face) {
      face =
        faces.find((candidate) => candidate.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) ??
        fallback;
      byCodePoint.set(codePoint, face);
    }
    return face;
  }

  private async fontOf(face: Face): Promise<PDFFont> {
    let font = this.embedded.get(face.file);
    if (!font) {
      font = await this.pdf.embedFont(bytesOf(face.file), { subset: true });
      this.embedded.set(face.file, font);
    }
    return font;
  }

  /** The text in visual order, cut where the font changes (measured, clipped and drawn: worked out once per text). */
  runs(input: string): Promise<Run[]> {
    let runs = this.laidOut.get(input);
    if (!runs) {
      runs = this.layOut(input);
      this.laidOut.set(input, runs);
    }
    return runs;
  }

  /** Each run in logical order for the shaper. */
  private async layOut(input: string): Promise<Run[]> {
    // Spaces that are not plain (thin, no-break) are drawn as plain spaces: every face has one.
    const text = [...input.replace(/[\u202f\u2009\u00a0]/g, ' ')]
      .filter((char) => char.codePointAt(0)! >= 0x20 && char !== '\u007f')
      .join('');
    if (!text) return [];
    const levels = this.bidi.getEmbeddingLevels(text, 'ltr');
    const order = [...Array(text.length).keys()];
    for (const [start, end] of this.bidi.getReorderSegments(text, levels) as Array<[number, number]>)
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
    const pieces: Array<{ face: Face; level: number; indexes: number[] }> = [];
    for (const index of order) {
      const unit = text.charCodeAt(index);
      if (unit >= 0xdc00 && unit <= 0xdfff) continue; // the second half of a pair is drawn with the first
      const face = this.faceOf(text.codePointAt(index)!);
      const level = levels.levels[index]!;
      const last = pieces.at(-1);
      if (last && last.face === face && last.level === level) last.indexes.push(index);
      else pieces.push({ face, level, indexes: [index] });
    }
    const runs: Run[] = [];
    for (const piece of pieces) {
      // A right-to-left run goes to the shaper in reading order: it lays it out right to left.
      const indexes = piece.level % 2 ? [...piece.indexes].sort((a, b) => a - b) : piece.indexes;
      runs.push({
        font: await this.fontOf(piece.face),
        text: indexes.map((i) => String.fromCodePoint(text.codePointAt(i)!)).join(''),
      });
    }
    return runs;
  }

  async width(text: string, size: number): Promise<number> {
    let width = 0;
    for (const run of await this.runs(text)) width += run.font.widthOfTextAtSize(run.text, size);
    return width;
  }

  /** The text, cut with an ellipsis to fit the width. */
  async clip(text: string, width: number, size: number): Promise<string> {
    if ((await this.width(text, size)) <= width) return text;
    let chars = [...text];
    while (chars.length > 1 && (await this.width(`${chars.join('')}…`, size)) > width) chars = chars.slice(0, -1);
    return `${chars.join('')}…`;
  }

  async draw(page: PDFPage, text: string, { x, y, size, color }: { x: number; y: number; size: number; color: Color }) {
    let cursor = x;
    for (const run of await this.runs(text)) {
      page.drawText(run.text, { x: cursor, y, size, font: run.font, color });
      cursor += run.font.widthOfTextAtSize(run.text, size);
    }
    return cursor - x;
  }
}
