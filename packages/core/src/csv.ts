/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas (or semicolons or tabs,
 * read from the first line), quoted when they hold a separator, a quote or a line break,
 * lines ended by CRLF or LF, and an optional byte-order mark. One reader for the browser's
 * worker and the server, one writer for every export (docs/imports.md).
 */

/** A formula start, or apostrophes before one: such a text gets one more apostrophe, and loses one when read. */
const GUARDED = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The separator of a file: whichever of comma, semicolon and tab its first line has most of (outside quotes). */
export function detectSeparator(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  return counts[';'] > counts[','] && counts[';'] >= counts['\t'] ? ';' : counts['\t'] > counts[','] ? '\t' : ',';
}

/**
 * The rows of a CSV text, each a list of cells. Blank lines are skipped; a quote that is
 * never closed takes the rest of the file as one cell (the caller sees a row too short).
 */
export function parseCsv(input: string, separator: string = detectSeparator(input.replace(/^\ufeff/, ''))): string[][] {
  const text = input.replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n') endRow();
    else if (char === '\r') {
      endRow();
      if (text[i + 1] === '\n') i += 1;
    } else cell += char;
    i += 1;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

/**
 * One cell for a spreadsheet: quoted when needed, and never read as a formula (a text that
 * starts with `=`, `+`, `-` or `@` gets a leading apostrophe; plain numbers stay numbers).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && GUARDED.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The inverse of `csvCell`'s formula guard: a cell read back as the text that was written. */
export function csvText(cell: string): string {
  return cell.startsWith("'") && GUARDED.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A whole CSV file: a byte-order mark (so spreadsheets read UTF-8), CRLF line ends. */
export function formatCsv(rows: Array<Array<string | number | null | undefined>>): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
