import zlib from 'node:zlib';

/**
 * The text drawn on the pages of a PDF written with the standard fonts (pdf-lib writes each
 * string as `<hex> Tj`): enough for tests to read what a person would see, without a PDF
 * renderer. Streams compressed with FlateDecode are inflated first.
 */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const streams: string[] = [];
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = bytes.subarray(start, end);
    streams.push(match[1]!.includes('/FlateDecode') ? safeInflate(raw) : raw.toString('latin1'));
  }
  const strings: string[] = [];
  for (const stream of streams) {
    for (const hex of stream.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g)) strings.push(Buffer.from(hex[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
    for (const literal of stream.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) strings.push(literal[1]!);
  }
  return strings.join('\n');
}

function safeInflate(raw: Buffer): string {
  try {
    return zlib.inflateSync(raw).toString('latin1');
  } catch {
    return '';
  }
}
