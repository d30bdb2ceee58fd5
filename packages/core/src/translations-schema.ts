import { z } from 'zod';
import { LANGUAGES } from './messages/languages.ts';

const MAX_LENGTH: Record<string, number> = {
  name: 200,
  description: 5000,
  termsOfService: 100_000,
  tagline: 200,
  hours: 200,
  offlineInstructions: 2000,
};

/** `{ "fr-CA": { name, description } }`: one entry per language, each field optional. */
export function translationsSchema<const F extends readonly string[]>(fields: F) {
  const shape = Object.fromEntries(
    fields.map((field) => [
      field,
      z
        .string()
        .max(MAX_LENGTH[field] ?? 200)
        .optional(),
    ]),
  ) as {
    [K in F[number]]: z.ZodOptional<z.ZodString>;
  };
  return z.partialRecord(z.enum(LANGUAGES), z.object(shape).strict());
}
