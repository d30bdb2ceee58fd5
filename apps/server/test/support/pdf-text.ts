/**
 * The text of a PDF as a reader gets it, read back with pdf.js (the PDF engine of Firefox):
 * each line of each page, its pieces joined in the order they are drawn. Text drawn in
 * embedded fonts comes back through their Unicode maps, so this proves a character is in the
 * PDF as that character, not merely as a picture of one.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let line = '';
    let lastY: number | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const y = item.transform[5] as number;
      if (lastY !== null && Math.abs(y - lastY) > 2) {
        lines.push(line);
        line = '';
      }
      line += item.str;
      lastY = y;
    }
    lines.push(line);
  }
  await document.destroy();
  return lines.join('\n');
}
