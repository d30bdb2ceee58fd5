import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Every API error body (docs/api.md). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Global feature flags, served in /api/env and per project. */
export const featuresSchema = z.record(z.string(), z.boolean());

/** GET /api/env (docs/api.md). */
export const envResponseSchema = z.object({
  decorApiUrl: z.string(),
  isAdmin: z.boolean(),
  integrations: z.object({
    sessionRecording: z.object({ id: z.string().nullable(), version: z.number().int() }),
    analytics: z.object({ id: z.string().nullable() }),
  }),
  features: featuresSchema,
});
export type EnvResponse = z.infer<typeof envResponseSchema>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1f6f5c');

export const themeSchema = z.object({
  logoBg: hexColour,
  primary: hexColour,
  secondary: hexColour,
  logoUrl: z.string().nullable().optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const unitSystemSchema = z.enum(['metric', 'imperial']);

const projectOptionFields = {
  locale: z.string().min(2).max(35),
  unitSystem: unitSystemSchema,
  termsOfService: z.string().max(100_000),
  depositPercent: z.number().min(0).max(100),
  tagline: z.string().max(200),
};

/** A project's options: locale, unit system, terms of service and the rest of its settings. */
export const projectOptionsSchema = z
  .object({
    ...projectOptionFields,
    locale: projectOptionFields.locale.default('en-CA'),
    unitSystem: projectOptionFields.unitSystem.default('metric'),
    termsOfService: projectOptionFields.termsOfService.default(''),
    depositPercent: projectOptionFields.depositPercent.optional(),
    tagline: projectOptionFields.tagline.optional(),
  })
  .catchall(z.unknown());

/** A change to a project's options: only what it names changes (no defaults filled in). */
export const projectOptionsPatchSchema = z.object(projectOptionFields).partial().catchall(z.unknown());
export type ProjectOptions = z.infer<typeof projectOptionsSchema>;

export const projectRoomSchema = z.object({
  _id: z.string(),
  name: z.string(),
  order: z.number().nullable().optional(),
  slug: z.string().optional(),
  /** Metres, for the 3D views: width, depth, height. */
  dimensions: z.object({ w: z.number(), d: z.number(), h: z.number() }).nullable().optional(),
  /** Where the room sits on the floor-plan minimap, as fractions of its width and height. */
  hotspot: z.object({ x: z.number(), y: z.number() }).nullable().optional(),
});

/** GET /api/project (docs/data-model.md, docs/api.md). */
export const projectResponseSchema = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  currency: z.string(),
  options: projectOptionsSchema,
  features: featuresSchema,
  theme: themeSchema,
  rooms: z.array(projectRoomSchema),
});
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
