import { describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_DEFINITIONS, IMPORT_KINDS, parseCsv, type ImportResult } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { recipients } from './support/mail-catcher.ts';

/**
 * CSV imports and exports (docs/imports.md): mapping, the dry run and its per-row problems,
 * all-or-nothing application through the engine, invitations of a unit's buyers, the
 * history with its file, and exports that import back unchanged — on both databases.
 */
const { app, mail } = await createTestApp({ withMail: true });
const cookieOf = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const WHO = ['visitor', 'buyer', 'otherManager', 'manager', 'admin'] as const;
type Who = (typeof WHO)[number];
const cookies: Record<Who, string | undefined> = {
  visitor: undefined,
  buyer: await cookieOf('marcus.reid@demo.test'),
  otherManager: await cookieOf('manager@harbour.test'),
  manager: await cookieOf('manager@demo.test'),
  admin: await cookieOf('admin@demo.test'),
};
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookies[who]), ...(payload ? { payload } : {}) });
const STAFF_ONLY = { visitor: 401, buyer: 403, otherManager: 403, manager: 200, admin: 200 };

type Item = { _id: string; _version: number; name: string; [field: string]: unknown };
const items = async (collection: string) =>
  (await call('manager', 'GET', `/api/schema/${collection}/?limit=200`)).json() as Item[];
const exportOf = async (kind: string) => (await call('manager', 'GET', `/api/manage/exports/${kind}.csv`)).body;
const importFile = (content: string, extra: Record<string, unknown> = {}) =>
  call('manager', 'POST', '/api/manage/imports', {
    kind: 'units',
    fileName: 'units.csv',
    content,
    mapping: UNIT_MAPPING,
    ...extra,
  });

/** A builder's spreadsheet: its own headings, a semicolon list of buyers, dates without times. */
const UNIT_MAPPING = {
  name: 'Suite',
  floor: 'Level',
  plan: 'Floor plan',
  status: null,
  deadline: 'Due',
  basePrice: 'List price',
  area: null,
  buyers: 'Buyers',
};
const GOOD_ROWS = [
  'Suite,Level,Floor plan,Due,List price,Buyers',
  'A-101,1,The Birch – 1 Bed + Den,2027-03-31,"549,900.00",ann@example.com; bo@example.com',
  'A-102,1,The Maple – 2 Bed,,729900,',
  'A-201,2,the maple – 2 bed,2027-04-30,"$ 734 900",cy@example.com',
];

describe(`CSV imports (${testDbKind})`, () => {
  it('is for the project’s managers and administrators only, on every route', async () => {
    for (const url of ['/api/manage/imports', '/api/manage/imports/mappings', '/api/manage/exports/units.csv']) {
      const result = {} as Record<Who, number>;
      for (const who of WHO) result[who] = (await call(who, 'GET', url)).statusCode;
      expect(result, url).toEqual(STAFF_ONLY);
    }
    const dry = {} as Record<Who, number>;
    for (const who of WHO)
      dry[who] = (
        await call(who, 'POST', '/api/manage/imports', {
          kind: 'units',
          fileName: 'u.csv',
          content: GOOD_ROWS.join('\n'),
          mapping: UNIT_MAPPING,
        })
      ).statusCode;
    expect(dry).toEqual(STAFF_ONLY);
  });

  it('lists every problem row by row in words on a dry run, applies nothing while one is left, then applies the fixed file in one go', async () => {
    const before = await items('units');
    const bad = [
      ...GOOD_ROWS,
      'A-301,3.5,The Maple – 2 Bed,2027-02-30,lots,not-an-address',
      'A-302,3,The Oak,,,',
      'A-101,1,The Birch – 1 Bed + Den,,,',
      'A-303,,,,,',
    ].join('\r\n');
    const dry = await importFile(bad);
    expect(dry.statusCode).toBe(200);
    const result = dry.json() as ImportResult;
    expect(result.applied).toBe(false);
    expect(result.problems).toEqual([
      { row: 7, column: 'Suite', message: '“A-101” is also on row 2: each unit may be in the file once.' },
      { row: 5, column: 'Level', message: '“3.5” is not a whole number.' },
      { row: 5, column: 'Due', message: '“2027-02-30”: There is no 2027-02-30 in the calendar.' },
      { row: 5, column: 'List price', message: '“lots” is not an amount in CAD.' },
      { row: 5, column: 'Buyers', message: '“not-an-address” is not an e-mail address.' },
      { row: 6, column: 'Floor plan', message: 'There is no plan called “The Oak” in this project.' },
      { row: 8, column: 'Level', message: 'A new unit needs a floor: this cell is blank.' },
      { row: 8, column: 'Floor plan', message: 'A new unit needs a plan: this cell is blank.' },
    ]);
    expect(result.counts).toMatchObject({ rows: 7, created: 3, invited: 3 });
    expect(result.sample[0]).toEqual({
      row: 2,
      action: 'create',
      key: 'A-101',
      fields: {
        Name: 'A-101',
        Floor: '1',
        Plan: 'The Birch – 1 Bed + Den',
        // A date alone is the end of that day in the project's zone (Vancouver: UTC−7 the year round).
        Deadline: '2027-04-01T06:59:00.000Z',
        'Base price': '549900.00',
        Buyers: 'ann@example.com; bo@example.com',
      },
    });

    // Applying it anyway writes nothing and answers the same problems.
    const refused = await importFile(bad, { apply: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.problems).toEqual(result.problems);
    expect((await items('units')).length).toBe(before.length);
    expect(((await call('manager', 'GET', '/api/manage/imports')).json() as { items: unknown[] }).items).toEqual([]);

    // The fixed file.
    const applied = await importFile(GOOD_ROWS.join('\n'), { apply: true, send: true });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      problems: [],
      counts: { rows: 3, created: 3, updated: 0, unchanged: 0, invited: 3 },
    });
    const units = await items('units');
    expect(units.length).toBe(before.length + 3);
    const a101 = units.find((u) => u.name === 'A-101')!;
    const plans = await items('plans');
    expect(a101).toMatchObject({
      floor: 1,
      plan: plans.find((p) => p.name === 'The Birch – 1 Bed + Den')!._id,
      basePrice: 54_990_000,
      deadline: '2027-04-01T06:59:00.000Z',
      status: 'available',
      buyers: [],
    });
    expect(units.find((u) => u.name === 'A-201')).toMatchObject({
      basePrice: 73_490_000,
      plan: plans.find((p) => p.name === 'The Maple – 2 Bed')!._id,
    });

    // The buyers are invited to their unit and get the link by mail.
    const links = (
      (await call('manager', 'GET', '/api/access-codes?q=example.com')).json() as {
        items: Array<{ email: string; unit: string; url: string; role: string }>;
      }
    ).items;
    expect(
      links.filter((l) => ['ann@example.com', 'bo@example.com'].includes(l.email)).map((l) => [l.unit, l.role]),
    ).toEqual([
      [a101._id, 'purchaser'],
      [a101._id, 'purchaser'],
    ]);
    const message = await mail!.waitFor('cy@example.com', /invited/i);
    expect(recipients(message)).toEqual(['cy@example.com']);
    expect(message.text).toContain('unit A-201');
    expect(message.text).toContain(links.find((l) => l.email === 'cy@example.com')!.url);

    // The history: who, when, the counts, the mapping, and the file for managers only.
    const history = (await call('manager', 'GET', '/api/manage/imports')).json() as {
      items: Array<{
        kind: string;
        fileName: string;
        fileUrl: string;
        byName: string;
        counts: object;
        mapping: object;
      }>;
    };
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      kind: 'units',
      fileName: 'units.csv',
      byName: expect.any(String),
      counts: { created: 3, invited: 3 },
      mapping: UNIT_MAPPING,
    });
    const file = await call('manager', 'GET', history.items[0]!.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.body).toBe(GOOD_ROWS.join('\n'));
    expect((await call('buyer', 'GET', history.items[0]!.fileUrl)).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/api/manage/imports/mappings')).json()).toEqual({ units: UNIT_MAPPING });

    // The same file again changes nothing and invites nobody twice.
    const again = (await importFile(GOOD_ROWS.join('\n'))).json() as ImportResult;
    expect(again.counts).toEqual({ rows: 3, created: 0, updated: 0, unchanged: 3, invited: 0 });
  });

  it('updates what a row changes (blank cells keep the value) and reads options’ rules by SKU, also between new options of the same file', async () => {
    const categories = await items('categories');
    const counter = categories.find((c) => c.name === 'Countertops')!;
    const calacatta = (await items('options')).find((o) => o.name === 'Quartz – Calacatta')!;
    const content = [
      'SKU,Name,Category,Price,Vendor,Requires,Excludes,Offered',
      'QZ-ONYX,Quartz – Onyx,Countertops,"3,150.50",Caesarstone,,QZ-SNOW,yes',
      'QZ-SNOW,Quartz – Snow,countertops,2950,Caesarstone,QZ-ONYX,QZ-ONYX,',
      ',Quartz – Calacatta,,3700,,,,',
    ].join('\n');
    const mapping = {
      sku: 'SKU',
      name: 'Name',
      category: 'Category',
      price: 'Price',
      vendor: 'Vendor',
      requires: 'Requires',
      excludes: 'Excludes',
      active: 'Offered',
    };
    const applied = await call('manager', 'POST', '/api/manage/imports', {
      kind: 'options',
      fileName: 'options.csv',
      content,
      mapping,
      apply: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().counts).toEqual({ rows: 3, created: 2, updated: 1, unchanged: 0, invited: 0 });
    const options = await items('options');
    const onyx = options.find((o) => o.sku === 'QZ-ONYX')!;
    const snow = options.find((o) => o.sku === 'QZ-SNOW')!;
    expect(onyx).toMatchObject({ category: counter._id, price: 315_050, excludes: [snow._id], active: true });
    expect(snow).toMatchObject({ requires: [onyx._id], excludes: [onyx._id] });
    const updated = options.find((o) => o._id === calacatta._id)!;
    expect(updated).toMatchObject({
      price: 370_000,
      vendor: calacatta.vendor,
      description: calacatta.description,
      _version: calacatta._version + 1,
    });
  });

  it('sets options’ costs from a Cost column apart from their documents, exports them to staff, and refuses a cost below 0', async () => {
    const options = await items('options');
    const [first, second] = options.filter((o) => typeof o.sku === 'string' && o.sku);
    const costsNow = async () =>
      new Map(
        (
          (await call('manager', 'GET', '/api/manage/option-costs')).json() as {
            items: Array<{ option: string; cost: number }>;
          }
        ).items.map((c) => [c.option, c.cost]),
      );
    const before = await costsNow();
    const send = (content: string, apply = true) =>
      call('manager', 'POST', '/api/manage/imports', {
        kind: 'options',
        fileName: 'costs.csv',
        content,
        mapping: { sku: 'SKU', cost: 'Our cost' },
        apply,
      });
    // A cost below 0 is a problem in words, and nothing is written.
    const refused = await send(['SKU,Our cost', `${first!.sku},-5`].join('\n'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.problems[0]).toMatchObject({ row: 2, column: 'Our cost' });
    expect(await costsNow()).toEqual(before);
    // A new cost, and a blank cell that leaves the other one as it is.
    const applied = await send(['SKU,Our cost', `${first!.sku},"1,234.56"`, `${second!.sku},`].join('\n'));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().counts).toMatchObject({ rows: 2, updated: 1, unchanged: 1 });
    const after = await costsNow();
    expect(after.get(first!._id)).toBe(123_456);
    expect(after.get(second!._id)).toBe(before.get(second!._id));
    // The option's own document is untouched and carries no cost.
    const reread = (await items('options')).find((o) => o._id === first!._id)!;
    expect(reread._version).toBe(first!._version);
    expect(reread).not.toHaveProperty('cost');
    // The staff's export carries it (importing an export back changes nothing: the test below, Cost column included).
    const csv = await exportOf('options');
    expect(csv.split('\n')[0]).toContain(',Cost,');
    expect(csv).toContain(`${first!.sku},`);
    expect(csv.split('\n').find((line) => line.startsWith(`${first!.sku},`))).toContain(',1234.56,');
  });

  it('exports every collection in the import’s own shape, and importing an export back changes nothing', async () => {
    for (const kind of IMPORT_KINDS) {
      const csv = await exportOf(kind);
      const table = parseCsv(csv);
      expect(table.length, kind).toBeGreaterThan(1);
      // The headings are the columns' own, so the mapping the screen guesses maps each field to its heading.
      const remembered = (await call('manager', 'GET', '/api/manage/imports/mappings')).json()[kind];
      const mapping = guessMapping(kind, table[0]!, remembered);
      expect(mapping, kind).toEqual(
        Object.fromEntries(IMPORT_DEFINITIONS[kind].columns.map((c) => [c.field, c.header])),
      );
      const versions = new Map((await items(IMPORT_DEFINITIONS[kind].collection)).map((i) => [i._id, i._version]));
      const result = await call('manager', 'POST', '/api/manage/imports', {
        kind,
        fileName: `${kind}.csv`,
        content: csv,
        mapping,
        apply: true,
      });
      expect(result.statusCode, `${kind}: ${result.body}`).toBe(200);
      expect(result.json().counts, kind).toEqual({
        rows: table.length - 1,
        created: 0,
        updated: 0,
        unchanged: table.length - 1,
        invited: 0,
      });
      expect(new Map((await items(IMPORT_DEFINITIONS[kind].collection)).map((i) => [i._id, i._version])), kind).toEqual(
        versions,
      );
      expect(await exportOf(kind), kind).toBe(csv);
    }
    // A unit's buyers are exported by e-mail: the demo's 304 has the Reids.
    const units = parseCsv(await exportOf('units'));
    expect(units.find((row) => row[0] === '304')?.at(-1)).toBe('marcus.reid@demo.test; priya.reid@demo.test');
  });

  it('reads a file in the project’s number format whoever uploads it: a manager who reads French imports what an English one exported, unchanged', async () => {
    const asFrench = (url: string, payload: object) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(cookies.manager), 'accept-language': 'fr-CA,fr;q=0.9' },
        payload,
      });
    // The English manager's export, imported back by a French reader of this en-CA project: nothing changes.
    const csv = await exportOf('units');
    const table = parseCsv(csv);
    const mapping = Object.fromEntries(IMPORT_DEFINITIONS.units.columns.map((c) => [c.field, c.header]));
    const back = await asFrench('/api/manage/imports', { kind: 'units', fileName: 'units.csv', content: csv, mapping });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().counts).toMatchObject({
      rows: table.length - 1,
      unchanged: table.length - 1,
      created: 0,
      updated: 0,
    });
    // Amounts and areas as the project writes them are read so; the French reader's own format is refused in French, with how to write it.
    const rows = [
      'Suite,Level,Floor plan,List price,Area',
      'F-1,1,The Maple – 2 Bed,"3,450.50",84.2',
      'F-2,1,The Maple – 2 Bed,"3 450,50","84,2"',
    ];
    const checked = await asFrench('/api/manage/imports', {
      kind: 'units',
      fileName: 'fr.csv',
      content: rows.join('\n'),
      mapping: {
        name: 'Suite',
        floor: 'Level',
        plan: 'Floor plan',
        status: null,
        deadline: null,
        basePrice: 'List price',
        area: 'Area',
        buyers: null,
      },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const result = checked.json() as ImportResult;
    const problems = result.problems.map((p) => [p.row, p.message]);
    expect(problems.filter(([row]) => row === 2)).toEqual([]);
    expect(problems.filter(([row]) => row === 3).map(([, message]) => message)).toEqual([
      expect.stringMatching(
        /^«\s3 450,50\s» n’est pas clair dans ce format de nombres\s: écrivez-le comme 3,450\.50\.$/,
      ),
      expect.stringMatching(/^«\s84,2\s» n’est pas clair dans ce format de nombres/),
    ]);
  });

  it('refuses a file or a mapping it cannot read with a clear error, and a file another project’s names', async () => {
    const cases: Array<[object, number, RegExp]> = [
      [{ content: 'Suite,Level\n' }, 400, /no rows/],
      [{ mapping: { ...UNIT_MAPPING, name: 'Unit' } }, 400, /no column “Unit”/],
      [{ mapping: { ...UNIT_MAPPING, colour: 'Suite' } }, 400, /not a column/],
      [{ mapping: { ...UNIT_MAPPING, name: null } }, 400, /Map a column of the file to Name/],
      [{ kind: 'carts' }, 400, /./],
      [{ content: `Suite\n${'x\n'.repeat(20_001)}`, mapping: { name: 'Suite' } }, 413, /20,000/],
    ];
    for (const [change, status, message] of cases) {
      const response = await importFile(GOOD_ROWS.join('\n'), change as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    // Harbour's plan is not a plan of this project.
    const harbourPlan = (
      (
        await app.inject({
          method: 'GET',
          url: '/api/schema/plans/',
          headers: { ...browserHeaders(cookies.otherManager), host: 'harbour.portal.test' },
        })
      ).json() as Item[]
    )[0]!;
    const elsewhere = (
      await importFile(`Suite,Level,Floor plan\nZ-1,1,${harbourPlan.name}`, {
        mapping: { name: 'Suite', floor: 'Level', plan: 'Floor plan' },
      })
    ).json() as ImportResult;
    expect(elsewhere.problems).toEqual([
      { row: 2, column: 'Floor plan', message: `There is no plan called “${harbourPlan.name}” in this project.` },
    ]);
    expect((await call('manager', 'GET', '/api/manage/exports/carts.csv')).statusCode).toBe(404);
  });
});

describe(`CSV imports of hostile files (${testDbKind})`, () => {
  it('answers any file with problems in words or a clear error, never a failure of its own', async () => {
    const fc = (await import('fast-check')).default;
    const cell = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '=cmd|"/c calc"!A1',
        '"',
        '""',
        '\r\n',
        ';;;',
        '1e400',
        '-0',
        '__proto__',
        "'; DROP TABLE items; --",
        '\u0000',
        'é'.repeat(300),
      ),
    );
    const file = fc
      .array(fc.array(cell, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 12 })
      .map((rows) => ['Suite,Level,Floor plan,Due,List price,Buyers', ...rows.map((r) => r.join(','))].join('\n'));
    await fc.assert(
      fc.asyncProperty(file, async (content) => {
        const response = await importFile(content);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(/\b(SELECT|INSERT|syntax error at|node_modules)\b/);
      }),
      { numRuns: 60 },
    );
  });

  it('applies the same file sent five times at once once: one unit per name, one invitation and one mail per buyer, then "unchanged"', async () => {
    const file = [
      'Suite,Level,Floor plan,Due,List price,Buyers',
      'R-901,9,The Maple – 2 Bed,,729900,race.one@example.com',
      'R-902,9,The Birch – 1 Bed + Den,,549900,race.two@example.com',
    ].join('\n');
    const answers = await Promise.all(Array.from({ length: 5 }, () => importFile(file, { apply: true, send: true })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const counts = answers
      .map((a) => (a.json() as ImportResult).counts)
      .map((c) => [c.created, c.unchanged, c.invited])
      .sort();
    expect(counts).toEqual([
      [0, 2, 0],
      [0, 2, 0],
      [0, 2, 0],
      [0, 2, 0],
      [2, 0, 2],
    ]);
    expect(
      (await items('units'))
        .filter((u) => u.name.startsWith('R-90'))
        .map((u) => u.name)
        .sort(),
    ).toEqual(['R-901', 'R-902']);
    await mail!.waitFor('race.two@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail!.messages.filter((m) => recipients(m).some((r) => r?.startsWith('race.'))).length).toBe(2);
  });

  it('keeps unit names unique in the project in the database itself, whoever writes', async () => {
    const [unit] = await items('units');
    const copy = await call('manager', 'POST', '/api/schema/units/', {
      name: ` ${unit!.name.toLowerCase()} `,
      floor: 9,
      status: 'available',
      plan: unit!.plan,
    });
    expect(copy.statusCode, copy.body).toBe(409);
    expect(copy.json().error).toMatchObject({
      code: 'conflict',
      message: 'Another unit of this project already has this name: give each unit its own.',
      details: { field: 'name' },
    });
    expect((await items('units')).filter((u) => u.name.trim().toLowerCase() === unit!.name.toLowerCase())).toEqual([
      unit,
    ]);
  });
});
