import type { CoreKey, MessageParams, Say } from './messages/index.ts';

/**
 * One field's problem in a refused request or item (docs/api.md, "Errors"): where, what in
 * English, and the sentence's key and parameters so it is said in the reader's language.
 */
export interface FieldIssue {
  field: string;
  message: string;
  key: CoreKey;
  params?: MessageParams;
}

/** A problem's words: a catalogue key and parameters that are codes and numbers, never English. */
export interface IssueWords {
  key: CoreKey;
  params?: MessageParams;
}

/** The words of a pattern a schema checks text against (`pattern`), by the pattern's source. */
const PATTERN_WORDS = new Map<string, CoreKey>();

/**
 * A pattern text must match, refused in the words of `key` (`.regex(worded(/…/, key))`: zod
 * keeps no words of its own on a pattern's refusal); the pattern stays in the API document.
 */
export function worded(regex: RegExp, key: CoreKey): RegExp {
  PATTERN_WORDS.set(String(regex), key);
  return regex;
}

/** The kinds of value a length or size limit speaks of. */
function kindOf(origin: unknown): string {
  return origin === 'string' || origin === 'array' || origin === 'object' ? origin : 'number';
}

/** Select keys carry no hyphen (docs/languages.md): `date-time` is said as `datetime`. */
function formatOf(format: unknown): string {
  return typeof format === 'string' ? format.replace(/[-_]/g, '').toLowerCase() : 'other';
}

function choicesOf(values: unknown): string {
  return Array.isArray(values)
    ? values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ')
    : '';
}

/**
 * The words of a custom check: its `params.sentence` when it names one (a schema's `refine`
 * says `said('validation.currency')`), otherwise "is not valid".
 */
function customWords(params: unknown): IssueWords {
  const { sentence, ...rest } = (params ?? {}) as { sentence?: unknown } & MessageParams;
  if (typeof sentence === 'string' && sentence.startsWith('validation.'))
    return { key: sentence as CoreKey, params: rest };
  return { key: 'validation.invalid' };
}

/**
 * A zod issue (as the request validator hands it on: `keyword` is zod's code) in words. Zod
 * does not keep the input it refused, so a missing field is told by its own sentence
 * ("received undefined").
 */
export function zodIssueWords(code: string, issue: Record<string, unknown>, message = ''): IssueWords {
  switch (code) {
    case 'invalid_type':
      return message.endsWith('received undefined')
        ? { key: 'validation.required' }
        : { key: 'validation.type', params: { type: String(issue.expected) } };
    case 'too_small':
      return {
        key: 'validation.min',
        params: {
          kind: kindOf(issue.origin),
          limit: Number(issue.minimum),
          inclusive: issue.inclusive === false ? 'no' : 'yes',
        },
      };
    case 'too_big':
      return {
        key: 'validation.max',
        params: {
          kind: kindOf(issue.origin),
          limit: Number(issue.maximum),
          inclusive: issue.inclusive === false ? 'no' : 'yes',
        },
      };
    case 'invalid_format': {
      const words = issue.format === 'regex' ? PATTERN_WORDS.get(String(issue.pattern)) : undefined;
      return words ? { key: words } : { key: 'validation.format', params: { format: formatOf(issue.format) } };
    }
    case 'invalid_value':
      return { key: 'validation.choice', params: { choices: choicesOf(issue.values) } };
    case 'not_multiple_of':
      return { key: 'validation.multiple', params: { step: Number(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknown' };
    case 'custom':
      return customWords(issue.params);
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * A zod refusal's issues, each at its field (`root` first, e.g. "body"), in words: an unknown
 * field is named where it is, one issue each.
 */
export function zodFieldIssues(
  issues: ReadonlyArray<{
    path: ReadonlyArray<PropertyKey>;
    code: string;
    message: string;
    params: Record<string, unknown>;
  }>,
  root: string[] = [],
): Array<Omit<FieldIssue, 'message'>> {
  return issues.flatMap((issue): Array<Omit<FieldIssue, 'message'>> => {
    const path = [...root, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.params.keys))
      return issue.params.keys.map((name) => ({ field: [...path, String(name)].join('.'), key: 'validation.unknown' }));
    return [{ field: path.join('.'), ...zodIssueWords(issue.code, issue.params, issue.message) }];
  });
}

/** An Ajv error (a collection's JSON Schema) in words. */
export function schemaErrorWords(keyword: string, params: Record<string, unknown>): IssueWords {
  switch (keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return { key: 'validation.unknown' };
    case 'type':
      return { key: 'validation.type', params: { type: String(params.type).split(',')[0]! } };
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return {
        key: 'validation.min',
        params: {
          kind: keyword === 'minLength' ? 'string' : keyword === 'minItems' ? 'array' : 'object',
          limit: Number(params.limit),
          inclusive: 'yes',
        },
      };
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return {
        key: 'validation.max',
        params: {
          kind: keyword === 'maxLength' ? 'string' : keyword === 'maxItems' ? 'array' : 'object',
          limit: Number(params.limit),
          inclusive: 'yes',
        },
      };
    case 'minimum':
    case 'exclusiveMinimum':
      return {
        key: 'validation.min',
        params: { kind: 'number', limit: Number(params.limit), inclusive: keyword === 'minimum' ? 'yes' : 'no' },
      };
    case 'maximum':
    case 'exclusiveMaximum':
      return {
        key: 'validation.max',
        params: { kind: 'number', limit: Number(params.limit), inclusive: keyword === 'maximum' ? 'yes' : 'no' },
      };
    case 'format':
      return { key: 'validation.format', params: { format: formatOf(params.format) } };
    case 'enum':
      return { key: 'validation.choice', params: { choices: choicesOf(params.allowedValues) } };
    case 'const':
      return { key: 'validation.choice', params: { choices: choicesOf([params.allowedValue]) } };
    case 'multipleOf':
      return { key: 'validation.multiple', params: { step: Number(params.multipleOf) } };
    case 'uniqueItems':
      return { key: 'validation.unique' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** One issue as a phrase, "name is required", said by `say` (English by default). */
export function issuePhrase(say: Say, issue: Pick<FieldIssue, 'field' | 'key' | 'params'>): string {
  return `${issue.field} ${say(issue.key, issue.params)}`;
}

/** The issues of one refusal as one list, each issue said by `say` (the reader's language). */
export function issueList(say: Say, issues: ReadonlyArray<Pick<FieldIssue, 'field' | 'key' | 'params'>>): string {
  const phrases = issues.map((issue) => issuePhrase(say, issue));
  return phrases.length ? phrases.reduce((list, next) => say('validation.next', { issue: list, next })) : '';
}

/**
 * A schema check's own refusal (`.refine(check, said('validation.currency'))`): the key its
 * words are said by (in the reader's language, by the server's one error handler). No sentence
 * is built here, so a schema a page imports does not pull in the catalogue.
 */
export function said(key: CoreKey, params?: MessageParams): { params: MessageParams } {
  return { params: { ...params, sentence: key } };
}
