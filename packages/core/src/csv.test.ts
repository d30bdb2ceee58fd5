import { describe, expect, it } from 'vitest';
import { csvCell, csvText, detectSeparator, formatCsv, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('reads quoted cells with separators, quotes and line breaks, CRLF or LF, and a byte-order mark', () => {
    const text = '\ufeffName,Note\r\n"Smith, Jo","said ""hi""\nthen left"\n\nPlain,\r\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Note'],
      ['Smith, Jo', 'said "hi"\nthen left'],
      ['Plain', ''],
    ]);
  });

  it('finds the separator of the first line outside quotes', () => {
    expect(detectSeparator('a;b;"c,d"\n1,2,3')).toBe(';');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('a,b;c,d')).toBe(',');
    expect(parseCsv('Name;Floor\nA-101;1')).toEqual([
      ['Name', 'Floor'],
      ['A-101', '1'],
    ]);
  });

  it('keeps a spreadsheet from reading a cell as a formula, and reads the cell back as written', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-150.00')).toBe('-150.00');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(csvText("O'Brien")).toBe("O'Brien");
  });

  it('reads back every table it writes (random cells)', () => {
    const alphabet = ['a', 'Z', ' ', ',', ';', '"', '\n', '\r\n', '=', '-', '@', '李', "'", '1', '.'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run += 1) {
      const rows = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        Array.from({ length: 3 }, () =>
          Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
            '',
          ),
        ),
      );
      // A row of blank cells is a blank line, which readers skip: give each row a first cell.
      for (const row of rows) row[0] = `r${row[0]}`;
      const back = parseCsv(formatCsv(rows)).map((row) => row.map(csvText));
      expect(back).toEqual(rows);
    }
  });
});
