import { uuidv7 } from '../../lib/ids.ts';
import {
  DEFAULT_TIME_ZONE,
  projectOptionsSchema,
  DomainError,
  fail,
  formatCsv,
  IMPORT_DEFINITIONS,
  columnValue,
  importDefinition,
  mergeTranslations,
  projectLanguages,
  type ImportKindDefinition,
  type Language,
  type Translations,
  type ImportColumn,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
  type ImportRecord,
  type ImportResult,
  parseCsv,
  readCell,
  sayCellProblem,
  type Translate,
  writeCell,
  LANGUAGES,
} from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import type { Db } from '../../db/client.ts';
import type { HookRegistry } from '../decor/index.ts';
import { resolveCollection, schemaIssues } from '../decor/index.ts';
import { runBatch, withWrites, type BatchOperation, type Document, type Writer } from '../decor/index.ts';
import { requireManager, type ProjectRow, type Scope } from '../projects/index.ts';
import { accessCodeValues, INVITATION_DEFAULTS, provenInvitationMail } from '../access-codes/index.ts';
import { insertAccessCodes } from '../access-codes/index.ts';
import { readerFor, type Mailer } from '../mail/index.ts';
import { storeFile } from '../files/index.ts';
import { recordEvent } from '../integrations/index.ts';
import { writerIdentity } from '../../plugins/actor.ts';
import type { FileStorage } from '../files/index.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-page.ts';
import {
  buyerEmailsByUnit,
  insertImport,
  itemsOf,
  latestMappings,
  listImports,
  lockImports,
  type ImportRow,
  type StoredItem,
} from './imports.repo.ts';
import { optionCostsOf, writeOptionCosts } from '../reports/index.ts';

/**
 * CSV imports and exports of a project's units, options, categories, rooms and plans
 * (docs/imports.md). A file is read, matched and checked as a whole first (the dry run);
 * applying it writes every row through the engine's batch path in one transaction, so that
 * it lands entirely or not at all, and records the import with its file.
 */

/** The most rows one file may have. */
export const MAX_IMPORT_ROWS = 20_000;
/** How many problems an answer lists (the rest are counted). */
const LISTED_PROBLEMS = 200;
/** How many rows the answer shows as they will be written. */
const SAMPLE_ROWS = 10;
const HISTORY_PAGE = 50;

type Lookup = Map<string, Map<string, string>>;
const norm = (text: string) => text.trim().toLowerCase();
const lookupKey = (collection: string, by: 'name' | 'sku') => `${collection}:${by}`;

/** Name and SKU indexes of the project's items, to resolve references written as words. */
function indexItems(items: StoredItem[]): Lookup {
  const lookup: Lookup = new Map();
  for (const item of items) {
    for (const by of ['name', 'sku'] as const) {
      const value = item.data[by];
      if (typeof value !== 'string' || !value.trim()) continue;
      const key = lookupKey(item.collection, by);
      const index = lookup.get(key) ?? new Map<string, string>();
      if (!index.has(norm(value))) index.set(norm(value), item.id);
      lookup.set(key, index);
    }
  }
  return lookup;
}

/** Every collection a kind's rows name, and the kind's own. */
function collectionsOf(kind: ImportKind): string[] {
  const definition = IMPORT_DEFINITIONS[kind];
  return [
    ...new Set([definition.collection, ...definition.columns.flatMap((c) => (c.collection ? [c.collection] : []))]),
  ];
}

/** JSON with its keys in order: two documents that mean the same write the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

interface PlannedRow {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  id: string;
  version?: number;
  data: Document;
  /** Addresses that get an invitation to the unit. */
  invite: string[];
  /** An option's new cost, kept apart from its document (docs/reports.md, "Cost and margin"). */
  cost?: number;
}

interface Plan {
  counts: ImportCounts;
  problems: ImportProblem[];
  rows: PlannedRow[];
  sample: ImportResult['sample'];
}

function checkMapping(definition: ImportKindDefinition, headers: string[], mapping: ImportMapping) {
  const { kind } = definition;
  for (const [field, header] of Object.entries(mapping)) {
    if (!definition.columns.some((c) => c.field === field))
      throw fail('bad_request', 'import.unknown-field', { field }, { field: `mapping.${field}` });
    if (header !== null && !headers.includes(header))
      throw fail('bad_request', 'import.no-column', { header }, { field: `mapping.${field}` });
  }
  const keys = kind === 'options' ? ['sku', 'name'] : [definition.key];
  if (!keys.some((field) => mapping[field])) {
    const column = definition.columns.find((c) => c.field === definition.key)!;
    throw fail('bad_request', 'import.key-unmapped', { column: column.header }, { field: `mapping.${definition.key}` });
  }
}

/**
 * The key of every row, in order: the existing item it names, or a new one whose id later rows
 * may name (its key added to `lookup`); null for a row without a key or with one an earlier row
 * had, each said in `problems`.
 */
function matchRows({
  records,
  definition,
  cellOf,
  headerOf,
  lookup,
  say,
  problems,
}: {
  records: string[][];
  definition: ImportKindDefinition;
  cellOf: (record: string[], field: string) => string;
  headerOf: (field: string) => string;
  lookup: Map<string, Map<string, string>>;
  say: Translate;
  problems: ImportProblem[];
}): Array<{ id: string; isNew: boolean } | null> {
  const { kind, key: keyField } = definition;
  const matched: Array<{ id: string; isNew: boolean } | null> = [];
  const seen = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    let by: 'name' | 'sku' = keyField === 'sku' ? 'sku' : 'name';
    let key = cellOf(record, keyField);
    if (!key && kind === 'options') {
      // A row without a SKU finds its option by name.
      by = 'name';
      key = cellOf(record, 'name');
    }
    if (!key) {
      problems.push({
        row,
        column: headerOf(keyField),
        message:
          kind === 'options' ? say('import.no-sku-or-name') : say('import.key-blank', { column: headerOf(keyField) }),
      });
      matched.push(null);
      continue;
    }
    const seenAt = seen.get(`${by}:${norm(key)}`);
    if (seenAt) {
      problems.push({
        row,
        column: headerOf(by === 'sku' ? 'sku' : keyField),
        message: say('import.twice', { key, row: seenAt, collection: definition.collection }),
      });
      matched.push(null);
      continue;
    }
    seen.set(`${by}:${norm(key)}`, row);
    const byKey = lookup.get(lookupKey(definition.collection, by)) ?? new Map<string, string>();
    lookup.set(lookupKey(definition.collection, by), byKey);
    const existing = byKey.get(norm(key));
    if (existing) matched.push({ id: existing, isNew: false });
    else {
      const id = uuidv7();
      byKey.set(norm(key), id);
      matched.push({ id, isNew: true });
    }
  }
  return matched;
}

/** A planned row as the dry run shows it: its key and the cells it writes, each as the manager's format prints it. */
function sampleRow({
  definition,
  mapping,
  row,
  action,
  fields,
  emails,
  record,
  cellOf,
  context: { currency, locale, say },
}: {
  definition: ImportKindDefinition;
  mapping: ImportMapping;
  row: number;
  action: PlannedRow['action'];
  fields: Document;
  emails: string[];
  record: string[];
  cellOf: (record: string[], field: string) => string;
  context: { currency: string; locale: string; say: Translate };
}): ImportResult['sample'][number] {
  const shown = Object.fromEntries(
    definition.columns
      .filter((c) => mapping[c.field] && (c.field === 'buyers' ? emails.length : fields[c.field] !== undefined))
      .map((c) => [
        c.header,
        c.field === 'buyers'
          ? emails.join('; ')
          : shownCell(c, fields[c.field], { currency, locale, say }, cellOf(record, c.field)),
      ]),
  );
  return { row, action, key: cellOf(record, definition.key) || cellOf(record, 'name'), fields: shown };
}

/**
 * Reads every row of the file against the project as it is: which item it changes (or that
 * it makes a new one), each cell's value, the whole item's validity, and whom a unit's row
 * invites. Nothing is written. A translatable column comes once per other language of the
 * project (`languages`); headings and problems are said in the manager's language (`say`).
 */
async function planImport({
  db,
  projectId,
  currency,
  locale,
  timeZone,
  kind,
  table,
  mapping,
  languages,
  say,
}: {
  db: Db;
  projectId: string;
  say: Translate;
  languages: { languages: Language[]; defaultLanguage: Language };
  currency: string;
  /** The project's number format and zone: how its cells are read (docs/numbers.md, docs/dates.md). */
  locale: string;
  timeZone: string;
  kind: ImportKind;
  table: string[][];
  mapping: ImportMapping;
}): Promise<Plan> {
  const definition = importDefinition(kind, languages, say);
  const [headers = [], ...records] = table;
  checkMapping(definition, headers, mapping);
  const collection = (await resolveCollection(db, projectId, definition.collection))!;
  const items = await itemsOf(db, projectId, collectionsOf(kind));
  const lookup = indexItems(items);
  const own = new Map(items.filter((i) => i.collection === definition.collection).map((i) => [i.id, i]));
  const emailsByUnit = kind === 'units' ? await buyerEmailsByUnit(db, projectId) : new Map<string, Set<string>>();
  const costs = kind === 'options' ? await optionCostsOf(db, projectId) : new Map<string, number>();
  const at = (field: string) => (mapping[field] ? headers.indexOf(mapping[field]) : -1);
  const cellOf = (record: string[], field: string) => {
    const index = at(field);
    return index < 0 ? '' : (record[index] ?? '').trim();
  };

  const problems: ImportProblem[] = [];
  const headerOf = (field: string) =>
    mapping[field] ?? definition.columns.find((c) => c.field === field)?.header ?? field;
  const matched = matchRows({ records, definition, cellOf, headerOf, lookup, say, problems });

  // An option without a SKU is named by its name where a SKU is expected (as exports write it).
  const context = {
    currency,
    locale,
    timeZone,
    says: LANGUAGES.map(translatorFor),
    say,
    find: (c: string, by: 'name' | 'sku', value: string) =>
      lookup.get(lookupKey(c, by))?.get(norm(value)) ??
      (by === 'sku' ? lookup.get(lookupKey(c, 'name'))?.get(norm(value)) : undefined),
  };
  const counts: ImportCounts = { rows: records.length, created: 0, updated: 0, unchanged: 0, invited: 0 };
  const planned: PlannedRow[] = [];
  const sample: ImportResult['sample'] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    const target = matched[index];
    if (!target) continue;
    const fields: Document = {};
    let rowIsBad = false;
    for (const column of definition.columns) {
      const cell = cellOf(record, column.field);
      if (!cell) {
        if (target.isNew && column.requiredForNew) {
          problems.push({
            row,
            column: headerOf(column.field),
            message: blankProblem(definition.collection, column, Boolean(mapping[column.field]), say),
          });
          rowIsBad = true;
        }
        continue;
      }
      const read = readCell(column, cell, context);
      if ('error' in read) {
        problems.push({ row, column: headerOf(column.field), message: sayCellProblem(read, say) });
        rowIsBad = true;
      } else fields[column.field] = read.value;
    }
    if (rowIsBad) continue;

    const emails = (fields.buyers as string[] | undefined) ?? [];
    const cost = costOf(fields.cost, costs.get(target.id), { row, column: headerOf('cost'), say });
    if (cost.problem) {
      problems.push(cost.problem);
      continue;
    }
    const current = own.get(target.id);
    // What the row writes: its fields (not buyers nor cost), a language's columns merged into the translations.
    const writes: Document = withTranslations(fields, current?.data);
    delete writes.buyers;
    delete writes.cost;
    const proposed = current ? { ...current.data, ...writes } : writes;
    const checked = structuredClone(proposed);
    if (!collection.validate(checked)) {
      problems.push(...invalidCells(schemaIssues(collection.validate.errors), { row, definition, headerOf, say }));
      continue;
    }
    const invite = emails.filter((email) => !emailsByUnit.get(target.id)?.has(email));
    const action = !current ? 'create' : canonical(current.data) === canonical(checked) ? 'unchanged' : 'update';
    counts[
      action === 'create' ? 'created' : action === 'update' || cost.change !== undefined ? 'updated' : 'unchanged'
    ] += 1;
    counts.invited += invite.length;
    planned.push({
      row,
      action,
      id: target.id,
      version: current?.version,
      data: action === 'update' ? writes : proposed,
      invite,
      ...(cost.change !== undefined ? { cost: cost.change } : {}),
    });
    if (sample.length < SAMPLE_ROWS)
      sample.push(sampleRow({ definition, mapping, row, action, fields, emails, record, cellOf, context }));
  }
  return { counts, problems, rows: planned, sample };
}

/** A row's cells the collection's schema refuses, each named by its column. */
function invalidCells(
  issues: ReturnType<typeof schemaIssues>,
  {
    row,
    definition,
    headerOf,
    say,
  }: { row: number; definition: ImportKindDefinition; headerOf: (field: string) => string; say: Translate },
): ImportProblem[] {
  return issues.map((issue) => {
    // A language's column is named by its whole path (`translations.fr-CA.name`).
    const field = issue.field.startsWith('translations.')
      ? issue.field.split('.').slice(0, 3).join('.')
      : issue.field.split('.')[0]!;
    return {
      row,
      column: definition.columns.some((c) => c.field === field) ? headerOf(field) : null,
      message: say('import.invalid', {
        what: field === '(item)' ? say('import.the-row') : headerOf(field),
        problem: say(issue.key, issue.params),
      }),
    };
  });
}

/** An option's cost as its row gives it: a change to write, nothing (blank, or as it is), or a problem (below 0). */
function costOf(
  value: unknown,
  current: number | undefined,
  where: { row: number; column: string; say: Translate },
): { change?: number; problem?: ImportProblem } {
  if (typeof value !== 'number') return {};
  if (value < 0) {
    const problem = where.say('validation.min', { kind: 'number', limit: 0, inclusive: 'yes' });
    return {
      problem: {
        row: where.row,
        column: where.column,
        message: where.say('import.invalid', { what: where.column, problem }),
      },
    };
  }
  return value === current ? {} : { change: value };
}

const costChangesOf = (rows: PlannedRow[]) =>
  rows.flatMap((p) => (p.cost === undefined ? [] : [{ option: p.id, cost: p.cost }]));

/** A new item's needed cell left blank, or its column mapped to none of the file's. */
function blankProblem(collection: string, column: ImportColumn, isMapped: boolean, say: Translate): string {
  const params = { collection, column: column.header.toLowerCase(), header: column.header };
  return say(isMapped ? 'import.needs-cell' : 'import.needs-column', params);
}

/** A row's fields with its language columns (`translations.fr-CA.name`) folded into the item's `translations`. */
function withTranslations(fields: Document, current: Document | undefined): Document {
  const languageColumns = Object.keys(fields).filter((field) => field.startsWith('translations.'));
  if (!languageColumns.length) return { ...fields };
  const writes: Document = { ...fields };
  const sent: Translations = {};
  for (const column of languageColumns) {
    const [, language, field] = column.split('.') as [string, Language, string];
    sent[language] = { ...sent[language], [field]: writes[column] as string };
    delete writes[column];
  }
  writes.translations = mergeTranslations(current?.translations as Translations | undefined, sent);
  return writes;
}

/** A value as the preview shows it: references as the file wrote them, everything else as an export would. */
function shownCell(
  column: ImportColumn,
  value: unknown,
  format: { currency: string; locale: string; say: Translate },
  cell: string,
): string {
  if (column.type === 'ref' || column.type === 'refs') return cell;
  return writeCell(column, value, { ...format, label: () => undefined });
}

/** The options' rules that name options made by the same file are written once all exist. */
const SELF_REFERENCES: Partial<Record<ImportKind, string[]>> = { options: ['requires', 'excludes'] };

function operationsOf(
  kind: ImportKind,
  planned: PlannedRow[],
): { first: Array<{ row: number; op: BatchOperation }>; rules: Array<{ row: number; op: BatchOperation }> } {
  const { collection } = IMPORT_DEFINITIONS[kind];
  const created = new Set(planned.filter((p) => p.action === 'create').map((p) => p.id));
  const selfFields = SELF_REFERENCES[kind] ?? [];
  const first: Array<{ row: number; op: BatchOperation }> = [];
  const rules: Array<{ row: number; op: BatchOperation }> = [];
  for (const p of planned) {
    if (p.action !== 'create') continue;
    const later = selfFields.filter(
      (f) => Array.isArray(p.data[f]) && (p.data[f] as string[]).some((id) => created.has(id)),
    );
    const data = { ...p.data };
    for (const f of later) data[f] = (data[f] as string[]).filter((id) => !created.has(id));
    first.push({ row: p.row, op: { op: 'create', collection, id: p.id, data } });
    if (later.length)
      rules.push({
        row: p.row,
        op: { op: 'update', collection, id: p.id, data: Object.fromEntries(later.map((f) => [f, p.data[f]])) },
      });
  }
  for (const p of planned)
    if (p.action === 'update')
      first.push({ row: p.row, op: { op: 'update', collection, id: p.id, data: p.data, expectedVersion: p.version } });
  return { first, rules };
}

export interface ImportRequest {
  kind: ImportKind;
  fileName: string;
  content: string;
  mapping: ImportMapping;
  apply: boolean;
  /** Mail the invitations a units file makes once it has been applied. */
  send: boolean;
}

function tableOf(content: string): string[][] {
  const table = parseCsv(content);
  if (table.length < 2) throw fail('bad_request', 'import.empty', undefined, { field: 'content' });
  if (table.length - 1 > MAX_IMPORT_ROWS)
    throw fail('payload_too_large', 'import.too-many-rows', { max: MAX_IMPORT_ROWS.toLocaleString('en') });
  return table;
}

/** Writes the planned rows through the one write path, items before the rules that name them; a refused row names its line. */
async function writeRows(writer: Writer, kind: ImportKind, rows: PlannedRow[]) {
  const { first, rules } = operationsOf(kind, rows);
  for (const { row, op } of [...first, ...rules]) {
    try {
      await runBatch(writer, [op]);
    } catch (error) {
      if (error instanceof DomainError)
        throw fail(
          error.code === 'conflict' ? 'conflict' : 'rule_broken',
          'import.row-refused',
          { row, reason: error.message },
          { row },
        );
      throw error;
    }
  }
}

/**
 * POST /api/manage/imports: the dry run (`apply: false`) answers what the file would do and
 * every problem, row by row; applying a file with a problem changes nothing and answers the
 * same problems (422). Applied, every row is written in one transaction through the engine,
 * the invitations made, the file kept and the import recorded.
 */
export async function runImport({
  db,
  scope,
  hooks,
  storage,
  mailer,
  origin,
  secret,
  request,
  language = 'en',
}: {
  db: Db;
  scope: Scope;
  hooks: HookRegistry;
  storage: FileStorage;
  mailer: Mailer;
  origin: string;
  /** Signs the proof each invitation mail's link carries. */
  secret: string;
  request: ImportRequest;
  /** The manager's language (docs/languages.md). */
  language?: Language;
}): Promise<ImportResult> {
  const { project, actor } = requireManager(scope);
  const table = tableOf(request.content);
  const planFor = (on: Db) =>
    planImport({
      db: on,
      projectId: project.id,
      currency: project.currency,
      ...numberAndZoneOf(project),
      kind: request.kind,
      table,
      mapping: request.mapping,
      languages: projectLanguages(project.options),
      say: translatorFor(language),
    });
  const answerOf = (plan: Plan) => ({
    counts: plan.counts,
    problems: plan.problems.slice(0, LISTED_PROBLEMS),
    moreProblems: Math.max(0, plan.problems.length - LISTED_PROBLEMS),
    sample: plan.sample,
  });
  if (!request.apply) return { applied: false, ...answerOf(await planFor(db)), record: null };

  // An API key imports as itself: its audit entries name the key, and no person is the author.
  const by = writerIdentity(actor);
  const base = { project, ...by, origin: 'staff' as const, hooks };
  // Imports of one project and kind take turns; the file is read against the project as the
  // turn finds it, so the same file applied twice at once makes its rows once (then "unchanged").
  const { plan, record } = await withWrites(db, base, async (writer) => {
    await lockImports(writer.db, project.id, request.kind);
    const plan = await planFor(writer.db);
    if (plan.problems.length)
      throw fail(
        'rule_broken',
        'import.has-problems',
        { count: plan.problems.length },
        { applied: false, ...answerOf(plan), record: null },
      );
    await writeRows(writer, request.kind, plan.rows);
    await writeOptionCosts(writer.db, project.id, costChangesOf(plan.rows), by.actorId);
    const invitations = plan.rows.flatMap((p) => p.invite.map((email) => ({ email, unitId: p.id })));
    const codes = await insertAccessCodes(
      writer.db,
      invitations.map(({ email, unitId }) =>
        accessCodeValues({ ...INVITATION_DEFAULTS, projectId: project.id, unitId, email, createdBy: by.actorId }),
      ),
    );
    const file = await storeFile({
      db: writer.db,
      storage,
      projectId: project.id,
      createdBy: by.actorId,
      type: 'text/csv',
      upload: {
        bytes: Buffer.from(request.content, 'utf8'),
        fileName: request.fileName,
        claimedType: 'text/csv',
        configs: { purpose: 'import' },
      },
    });
    const row = await insertImport(writer.db, {
      id: uuidv7(),
      projectId: project.id,
      kind: request.kind,
      fileId: file.id,
      fileName: file.name,
      mapping: request.mapping,
      counts: plan.counts,
      createdBy: by.actorId,
    });
    const record = recordView({ ...row, byName: actor.name ?? null });
    await recordEvent(writer.db, {
      projectId: project.id,
      type: 'import.applied',
      resource: `import:${row.id}`,
      object: { ...record, apiKey: by.apiKeyId },
    });
    if (request.send && codes.length) {
      const names = new Map(plan.rows.map((p) => [p.id, String(p.data.name ?? '')]));
      writer.afterCommit(async () => {
        for (const code of codes)
          await mailer.send(
            provenInvitationMail({
              reader: await readerFor(db, project.options, code.email!),
              secret,
              origin,
              code: code.code,
              to: code.email!,
              projectName: project.name,
              unitName: names.get(code.unitId!) || null,
              role: code.role,
              projectId: project.id,
            }),
          );
      });
    }
    return { plan, record };
  });
  return { applied: true, ...answerOf(plan), record };
}

function recordView(row: ImportRow & { byName: string | null }): ImportRecord {
  return {
    _id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    fileUrl: row.fileId ? `/api/files/${row.fileId}` : null,
    mapping: row.mapping,
    counts: row.counts,
    by: row.createdBy,
    byName: row.byName,
    at: new Date(row.createdAt).toISOString(),
  };
}

const isHistoryKey = (v: Record<string, unknown>) =>
  typeof v.at === 'string' &&
  !Number.isNaN(Date.parse(v.at)) &&
  typeof v.id === 'string' &&
  /^[0-9a-f-]{36}$/.test(v.id);

/** GET /api/manage/imports: the project's imports, newest first, 50 a page. */
export async function importHistory({ db, scope, before }: { db: Db; scope: Scope; before?: string | undefined }) {
  const { project } = requireManager(scope);
  const rows = await listImports(db, {
    projectId: project.id,
    before: decodeCursor<{ at: string; id: string }>(before, isHistoryKey),
    limit: HISTORY_PAGE + 1,
  });
  return pageOf(rows, HISTORY_PAGE, recordView, (row) => ({ at: new Date(row.createdAt).toISOString(), id: row.id }));
}

/** GET /api/manage/imports/mappings: the last mapping used for each kind. */
export async function rememberedMappings({
  db,
  scope,
}: {
  db: Db;
  scope: Scope;
}): Promise<Partial<Record<ImportKind, ImportMapping>>> {
  const { project } = requireManager(scope);
  return Object.fromEntries((await latestMappings(db, project.id)).map((row) => [row.kind, row.mapping]));
}

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * GET /api/manage/exports/{kind}.csv: the collection in the import's own shape (the column
 * headings the mapping recognises, references by name or SKU, amounts in the currency's
 * decimals, a unit's buyers and invited buyers by e-mail), so that importing it back
 * changes nothing.
 */
export async function exportCsv({
  db,
  scope,
  kind,
  language = 'en',
}: {
  db: Db;
  scope: Scope;
  kind: ImportKind;
  /** The headings' language: the manager's (an import reads either language's back). */
  language?: Language;
}): Promise<{ fileName: string; body: string }> {
  const { project } = requireManager(scope);
  const definition = importDefinition(kind, projectLanguages(project.options), translatorFor(language));
  const items = await itemsOf(db, project.id, collectionsOf(kind));
  const byId = new Map(items.map((item) => [item.id, item]));
  const label = (_c: string, by: 'name' | 'sku', id: string) => {
    const data = byId.get(id)?.data;
    const value = data?.[by] || (by === 'sku' ? data?.name : undefined);
    return typeof value === 'string' && value ? value : undefined;
  };
  const emails = kind === 'units' ? await buyerEmailsByUnit(db, project.id) : new Map<string, Set<string>>();
  const costs = kind === 'options' ? await optionCostsOf(db, project.id) : new Map<string, number>();
  let rows = items.filter((item) => item.collection === definition.collection);
  if (kind === 'units')
    rows = rows.sort(
      (a, b) =>
        Number(a.data.floor) - Number(b.data.floor) || naturalOrder.compare(String(a.data.name), String(b.data.name)),
    );
  const context = {
    currency: project.currency,
    locale: numberAndZoneOf(project).locale,
    label,
    say: translatorFor(language),
  };
  const body = formatCsv([
    definition.columns.map((c) => c.header),
    ...rows.map((item) =>
      definition.columns.map((c) =>
        c.type === 'emails'
          ? [...(emails.get(item.id) ?? [])].sort().join('; ')
          : writeCell(c, c.field === 'cost' ? costs.get(item.id) : columnValue(item.data, c.field), context),
      ),
    ),
  ]);
  return { fileName: `${project.key}-${kind}.csv`, body };
}

/**
 * The number format and time zone of a project's files: the project's own, whoever reads or
 * writes them, so that a file means the same to every manager and a file exported from the
 * project imports back unchanged (docs/imports.md, "Languages"). Headings and problems are in the
 * manager's language.
 */
function numberAndZoneOf(project: ProjectRow): { locale: string; timeZone: string } {
  const options = projectOptionsSchema.parse(project.options);
  return { locale: options.locale, timeZone: options.timeZone ?? DEFAULT_TIME_ZONE };
}
