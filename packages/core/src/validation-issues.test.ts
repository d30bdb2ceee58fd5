import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  issueList,
  message,
  newProjectSchema,
  projectKeyProblem,
  projectOptionsInputSchema,
  said,
  schemaErrorWords,
  zodFieldIssues,
} from './index.ts';
import { translatorFor } from './messages/all.ts';

const french = translatorFor('fr-CA');

/** The issues of a refused value, as the server lists them. */
function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return zodFieldIssues(
    result.error.issues.map((issue) => ({ ...issue, params: issue as unknown as Record<string, unknown> })),
  );
}

describe('field issues in words', () => {
  const schema = z
    .object({
      name: z.string().min(2).max(5),
      count: z.int().min(1),
      email: z.email(),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).max(1),
    })
    .strict();
  const issues = issuesOf(schema, {
    name: 'toolong',
    count: 0,
    email: 'no',
    kind: 'c',
    tags: ['x', 'y'],
    extra: 1,
    other: 2,
  });

  it('names every field and says each problem in English from codes', () => {
    expect(issueList(message, issues)).toBe(
      'name must have at most 5 characters; count must be at least 1; email is not an e-mail address; kind must be one of a, b; tags must have at most 1 item; extra is not a field here; other is not a field here',
    );
  });

  it('says the same issues in French, no English word left', () => {
    const said = issueList(french, issues);
    expect(said).toBe(
      'name doit avoir au plus 5 caractères\u202f; count doit être d’au moins 1\u202f; email n’est pas une adresse courriel\u202f; kind doit être l’une des valeurs suivantes\u00a0: a, b\u202f; tags doit avoir au plus 1 élément\u202f; extra n’est pas un champ accepté ici\u202f; other n’est pas un champ accepté ici',
    );
  });

  it('tells a missing field from one of the wrong type', () => {
    const [missing, wrong] = [
      issuesOf(schema.pick({ name: true }), {}),
      issuesOf(schema.pick({ name: true }), { name: 3 }),
    ];
    expect(missing).toEqual([{ field: 'name', key: 'validation.required' }]);
    expect(french(wrong[0]!.key, wrong[0]!.params)).toBe('doit être du texte');
  });

  it('says a schema’s own checks by their key, with numbers in the reader’s format', () => {
    const limited = z.object({
      price: z.number().max(1_000_000),
      zone: z.string().refine(() => false, said('validation.time-zone')),
    });
    const issues = issuesOf(limited, { price: 2_000_000, zone: 'Mars/Base' });
    expect(issues.map((issue) => issue.key)).toEqual(['validation.max', 'validation.time-zone']);
    expect(message(issues[0]!.key, issues[0]!.params)).toBe('must be at most 1,000,000');
    expect(french(issues[0]!.key, issues[0]!.params)).toMatch(/^doit être d’au plus 1\s000\s000$/);
  });

  it('gives project options’ and the wizard’s checks words of their own', () => {
    const options = issuesOf(projectOptionsInputSchema, {
      locale: 'xx',
      languages: ['en', 'en'],
      defaultLanguage: 'fr-CA',
      timeZone: 'Nowhere',
      unitSystem: 'metric',
      termsOfService: '',
    });
    expect(options.map((issue) => issue.key)).toEqual(
      expect.arrayContaining(['validation.locale', 'validation.languages-once', 'validation.time-zone']),
    );
    const wizard = issuesOf(newProjectSchema.pick({ key: true, currency: true }), { key: 'www', currency: 'dollars' });
    expect(wizard.map((issue) => message(issue.key, issue.params))).toEqual([
      '“www” is kept for the portal itself: choose another key',
      'must be an ISO 4217 currency code such as CAD',
    ]);
  });

  it('words a project key’s problem as parameters, never English', () => {
    expect(projectKeyProblem('')).toEqual({ problem: 'missing' });
    expect(projectKeyProblem('a')).toEqual({ problem: 'length', max: 40 });
    expect(projectKeyProblem('Cedar Park')).toEqual({ problem: 'form' });
    expect(projectKeyProblem('cedar-park')).toBeUndefined();
    expect(french('project.key-problem', projectKeyProblem('a'))).toBe('Une clé a de 2 à 40 caractères.');
  });

  it('says a collection schema’s (Ajv) errors with the same words', () => {
    expect(message(...words(schemaErrorWords('minimum', { limit: 0, comparison: '>=' })))).toBe('must be at least 0');
    expect(message(...words(schemaErrorWords('exclusiveMinimum', { limit: 0 })))).toBe('must be more than 0');
    expect(message(...words(schemaErrorWords('type', { type: 'string,null' })))).toBe('must be text');
    expect(message(...words(schemaErrorWords('format', { format: 'date-time' })))).toBe('is not a date and time');
    expect(french(...words(schemaErrorWords('maxLength', { limit: 200 })))).toBe('doit avoir au plus 200 caractères');
    expect(message(...words(schemaErrorWords('if', {})))).toBe('is not valid');
  });
});

function words({ key, params }: ReturnType<typeof schemaErrorWords>) {
  return [key, params] as const;
}
