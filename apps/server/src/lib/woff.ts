import zlib from 'node:zlib';

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType (sfnt) file it wraps, every table inflated
 * once (docs/decisions/020-pdf-fonts.md). fontkit reads a WOFF's tables where they lie, and
 * inflates the whole glyph table again for every glyph it measures or draws; from the sfnt it
 * reads them in place. The tables, their order and their checksums are kept as they are.
 * Anything that is not a well-formed WOFF 1.0 is refused, never half converted.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const HEADER = 44;
  const ENTRY = 20;
  if (woff.length < HEADER || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (numTables === 0 || HEADER + numTables * ENTRY > woff.length)
    throw new Error('A WOFF font with a broken table directory');

  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = HEADER + i * ENTRY;
    const field = (n: number) => woff.readUInt32BE(at + 4 * n);
    const [tag, offset, compLength, origLength, checksum] = [field(0), field(1), field(2), field(3), field(4)];
    if (offset + compLength > woff.length || compLength > origLength)
      throw new Error('A WOFF font with a table outside the file');
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF font whose table does not inflate to its stated length');
    return { tag, checksum, data };
  });

  const padded = (length: number) => (length + 3) & ~3;
  const directoryEnd = 12 + numTables * 16;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), directoryEnd);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = directoryEnd;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
