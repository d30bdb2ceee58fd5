import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../src/lib/woff.ts';

/**
 * The PDF's WOFF fonts as the sfnt files they wrap (docs/decisions/020-pdf-fonts.md): the same
 * font to fontkit, glyph for glyph, in a file whose tables and checksums are those of a
 * well-formed sfnt; anything that is not a WOFF 1.0 font is refused.
 */

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
const FONTS = [
  fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
  fontFile('@fontsource/noto-sans', 'noto-sans-greek-700-normal.woff'),
  fontFile('@fontsource/noto-sans-sc', 'noto-sans-sc-100-400-normal.woff'),
];

/** The sum of a table's big-endian 32-bit words, as the sfnt's table directory records it. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

describe('a WOFF font as its sfnt', () => {
  it.each(FONTS.map((file) => [path.basename(file), file]))(
    'is the same font to fontkit, glyph for glyph: %s',
    (_name, file) => {
      const woff = fs.readFileSync(file);
      const fromWoff = fontkit.create(woff);
      const fromSfnt = fontkit.create(woffToSfnt(woff));
      expect(fromSfnt.constructor.name).not.toBe(fromWoff.constructor.name);
      expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
      expect(fromSfnt.unitsPerEm).toBe(fromWoff.unitsPerEm);
      expect(fromSfnt.characterSet).toEqual(fromWoff.characterSet);
      expect(fromWoff.characterSet.length).toBeGreaterThan(50);
      // Every glyph the font maps a character to: its advance and its outline.
      for (const codePoint of fromWoff.characterSet) {
        const [a, b] = [fromWoff.glyphForCodePoint(codePoint), fromSfnt.glyphForCodePoint(codePoint)];
        expect(b.id).toBe(a.id);
        expect(b.advanceWidth).toBe(a.advanceWidth);
        expect(b.path.toSVG()).toBe(a.path.toSVG());
      }
      const text = String.fromCodePoint(...fromWoff.characterSet.slice(0, 40));
      expect(fromSfnt.layout(text).positions).toEqual(fromWoff.layout(text).positions);
    },
  );

  it('writes a well-formed sfnt: the directory in order, each table aligned, whole and with its checksum', () => {
    const sfnt = woffToSfnt(fs.readFileSync(FONTS[0]!));
    const numTables = sfnt.readUInt16BE(4);
    expect(numTables).toBeGreaterThan(5);
    const searchRange = sfnt.readUInt16BE(6);
    expect(searchRange).toBe(16 * 2 ** Math.floor(Math.log2(numTables)));
    expect(sfnt.readUInt16BE(8)).toBe(Math.floor(Math.log2(numTables)));
    expect(sfnt.readUInt16BE(10)).toBe(numTables * 16 - searchRange);
    let previousTag = '';
    let end = 12 + numTables * 16;
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16;
      const tag = sfnt.toString('latin1', at, at + 4);
      const [recorded, offset, length] = [4, 8, 12].map((field) => sfnt.readUInt32BE(at + field)) as [
        number,
        number,
        number,
      ];
      expect(tag > previousTag).toBe(true);
      expect(offset % 4).toBe(0);
      expect(offset).toBe(end);
      const data = Buffer.from(sfnt.subarray(offset, offset + length));
      // The head table's checksum is taken with its whole-font adjustment set to zero.
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(checksum(data), tag).toBe(recorded);
      previousTag = tag;
      end = offset + ((length + 3) & ~3);
    }
    expect(end).toBe(sfnt.length);
  });

  it('refuses what is not a whole WOFF 1.0 font', () => {
    const woff = fs.readFileSync(FONTS[0]!);
    const sfnt = woffToSfnt(woff);
    expect(() => woffToSfnt(sfnt)).toThrow('Not a WOFF 1.0 font');
    expect(() => woffToSfnt(woff.subarray(0, 30))).toThrow('Not a WOFF 1.0 font');
    expect(() => woffToSfnt(woff.subarray(0, woff.length - 200))).toThrow('outside the file');
    // A table that says it inflates to more than it does.
    const lying = Buffer.from(woff);
    const firstCompressed = Array.from({ length: woff.readUInt16BE(12) }, (_, i) => 44 + i * 20).find(
      (at) => woff.readUInt32BE(at + 8) < woff.readUInt32BE(at + 12),
    )!;
    lying.writeUInt32BE(woff.readUInt32BE(firstCompressed + 12) + 4, firstCompressed + 12);
    expect(() => woffToSfnt(lying)).toThrow('does not inflate to its stated length');
  });
});
