/**
 * What is wrong with one field of a request or an item, said after the field's name
 * ("name is required"): the schema checks' words in English (docs/languages.md, "Validation").
 * Parameters are codes and numbers, never words, so each language says them its own way.
 */
export const EN_VALIDATION = {
  'validation.required': 'is required',
  'validation.unknown': 'is not a field here',
  'validation.type':
    'must be {type, select, string {text} number {a number} integer {a whole number} boolean {true or false} array {a list} object {a group of fields} date {a date} null {empty} other {of another kind}}',
  'validation.min':
    '{kind, select, string {must have at least {limit, plural, one {# character} other {# characters}}} array {must have at least {limit, plural, one {# item} other {# items}}} object {must have at least {limit, plural, one {# field} other {# fields}}} other {{inclusive, select, no {must be more than {limit, number}} other {must be at least {limit, number}}}}}',
  'validation.max':
    '{kind, select, string {must have at most {limit, plural, one {# character} other {# characters}}} array {must have at most {limit, plural, one {# item} other {# items}}} object {must have at most {limit, plural, one {# field} other {# fields}}} other {{inclusive, select, no {must be less than {limit, number}} other {must be at most {limit, number}}}}}',
  'validation.format':
    'is not {format, select, email {an e-mail address} url {a web address} uri {a web address} uuid {an identifier} date {a date (YYYY-MM-DD)} datetime {a date and time} time {a time} other {in the expected form}}',
  'validation.choice': 'must be one of {choices}',
  'validation.multiple': 'must be a multiple of {step, number}',
  'validation.unique': 'lists one value twice',
  'validation.invalid': 'is not valid',
  'validation.tax-rate': 'must be a percentage with at most four decimals, such as 9.975',
  'validation.instalments-over': 'add up to more than 100%',
  'validation.currency': 'must be an ISO 4217 currency code such as CAD',
  'validation.time-zone': 'must be a time zone such as America/Toronto',
  'validation.locale': 'must be a language and region such as en-CA or fr-CA',
  'validation.languages-once': 'names a language twice',
  'validation.default-language': 'must be one of the project’s languages',
  'validation.app-path': 'must be a page of the portal, such as /configure',
  'validation.thumbnail-width': 'must be one of the thumbnail widths',
  'validation.thumbnail-or-texture': 'ask for a thumbnail or the texture, not both',
  'validation.finishes-limit': 'can have at most {limit, number} finishes',
  'validation.nothing-to-change': 'must say what to change',
  'validation.choice-values': 'needs at least one value for a choice',
  'validation.reference-collection': 'must say which collection the field links to',
  'validation.used-twice': '“{value}” is used twice',
  'validation.project-key':
    '{problem, select, missing {is missing: give the project a key, it becomes its address (e.g. cedar)} length {must be 2 to {max, number} characters long} form {must be lowercase letters and digits, with single hyphens between words (e.g. cedar-park)} other {“{key}” is kept for the portal itself: choose another key}}',
} as const;
