import { z } from 'zod';
import { said, worded } from './validation-issues.ts';
import { isTimeZone } from './dates.ts';
import { DEPLOY_TYPES_LIST } from './constants.ts';
import {
  projectOptionsInputSchema,
  projectOptionsPatchSchema,
  projectOptionsSchema,
  themeSchema,
  unitSystemSchema,
} from './contracts.ts';
import { isCurrencyCode } from './money.ts';
import { isAppPath } from './app-routes.ts';
import { isSlug } from './slug.ts';

/*
 * The platform's back office (docs/admin.md): what /api/admin/* reads and writes.
 */

/** Labels a project key may not take: they name the portal's own hosts and services. */
export const RESERVED_PROJECT_KEYS = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'cdn',
  'dev',
  'docs',
  'help',
  'localhost',
  'mail',
  'portal',
  'smtp',
  'staging',
  'static',
  'status',
  'support',
  'test',
  'www',
] as const;

export const PROJECT_KEY_MAX = 40;

/**
 * What is wrong with a project key, as the parameters of `project.key-problem` (a sentence on
 * the wizard) and `validation.project-key` (an issue of a refused request); none when it is fine.
 */
export function projectKeyProblem(
  key: string,
): { problem: 'missing' | 'length' | 'form' | 'reserved'; max?: number; key?: string } | undefined {
  if (!key) return { problem: 'missing' };
  if (key.length < 2 || key.length > PROJECT_KEY_MAX) return { problem: 'length', max: PROJECT_KEY_MAX };
  if (!isSlug(key)) return { problem: 'form' };
  if ((RESERVED_PROJECT_KEYS as readonly string[]).includes(key)) return { problem: 'reserved', key };
  return undefined;
}

export const projectKeySchema = z.string().superRefine((key, context) => {
  const problem = projectKeyProblem(key);
  if (problem) context.addIssue({ code: 'custom', ...said('validation.project-key', problem) });
});

/** POST /api/admin/projects: the new-project wizard. */
export const newProjectSchema = z
  .object({
    key: projectKeySchema,
    name: z.string().trim().min(1, 'Give the project a name.').max(120),
    currency: z.string().refine(isCurrencyCode, said('validation.currency')),
    options: projectOptionsPatchSchema
      .pick({ locale: true, timeZone: true })
      .extend({ unitSystem: unitSystemSchema })
      .strict(),
    theme: themeSchema.pick({ primary: true, secondary: true, logoBg: true }).extend({
      logoUrl: z
        .string()
        .regex(/^\/api\/files\/[0-9a-f-]{36}$/)
        .nullable()
        .optional(),
    }),
    /** An empty catalogue, or a copy of the demo's rooms, plans, catalogue and units. */
    catalogue: z.enum(['empty', 'demo']),
    /** The first manager, invited by e-mail to the project's address. */
    manager: z.object({ email: z.email('An e-mail address.').max(254) }).strict(),
  })
  .strict();
export type NewProject = z.infer<typeof newProjectSchema>;

const countsSchema = z.object({
  members: z.number(),
  managers: z.number(),
  units: z.number(),
  carts: z.object({ draft: z.number(), submitted: z.number(), approved: z.number() }),
});

/** A project as the administrators' list shows it. */
export const adminProjectSchema = z.object({
  _id: z.string(),
  _version: z.number(),
  key: z.string(),
  name: z.string(),
  currency: z.string(),
  options: projectOptionsSchema,
  features: z.record(z.string(), z.boolean()),
  theme: themeSchema,
  archived: z.boolean(),
  createdAt: z.string(),
  hosts: z.array(z.object({ deploy: z.string(), type: z.enum(DEPLOY_TYPES_LIST), host: z.string() })),
  counts: countsSchema,
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/** GET /api/admin/overview. */
export const adminOverviewSchema = z.object({
  projects: z.array(adminProjectSchema),
  totals: z.object({
    users: z.number(),
    admins: z.number(),
    disabled: z.number(),
    projects: z.number(),
    archived: z.number(),
  }),
  recentSignIns: z.array(z.object({ _id: z.string(), email: z.string(), name: z.string(), at: z.string() })),
  recentChanges: z.array(z.lazy(() => adminAuditEntrySchema)),
  mailFailures: z.array(z.object({ to: z.string(), subject: z.string(), error: z.string(), at: z.string() })),
  health: z.object({
    version: z.string(),
    node: z.string(),
    uptimeSeconds: z.number(),
    database: z.string(),
    mail: z.enum(['smtp', 'outbox']),
    storage: z.string(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const MEMBERSHIP_ROLE_LIST = ['purchaser', 'manager'] as const;

/** A person as the administrators see them. */
export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  sessions: z.number(),
  memberships: z.array(
    z.object({
      projectId: z.string(),
      projectKey: z.string(),
      projectName: z.string(),
      role: z.enum(MEMBERSHIP_ROLE_LIST),
    }),
  ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PATCH /api/admin/users/{id}: only what it names changes. */
export const adminUserPatchSchema = z
  .object({
    isAdmin: z.boolean(),
    disabled: z.boolean(),
    emailVerified: z.literal(true),
    name: z.string().trim().min(1).max(120),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, said('validation.nothing-to-change'));

/** A deploy: a server of the portal at a host, serving projects (docs/admin.md, "Deploys"). */
export const deployInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the deploy a name.').max(80),
    type: z.enum(DEPLOY_TYPES_LIST),
    host: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        worded(
          /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
          'validation.host-name',
        ),
      ),
    projects: z.array(z.uuid()).max(1000),
  })
  .strict();
export type DeployInput = z.infer<typeof deployInputSchema>;

/** One entry of the administrators' audit log. */
export const adminAuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  projectId: z.string().nullable(),
  actor: z.object({ _id: z.string(), email: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** A platform feature flag, served in GET /api/env `features`. */
export const featureFlagSchema = z.object({
  key: z.string(),
  enabled: z.boolean(),
  description: z.string(),
  updatedAt: z.string(),
});
export const FEATURE_KEY_PATTERN = /^[a-z][a-zA-Z0-9]{1,39}$/;
export const featureFlagInputSchema = z
  .object({
    key: z.string().regex(worded(FEATURE_KEY_PATTERN, 'validation.flag-key')),
    enabled: z.boolean(),
    description: z.string().trim().max(200).default(''),
  })
  .strict();

/** A project's settings as one JSON document (the admins' config editor). */
export const projectConfigSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    currency: z.string().refine(isCurrencyCode, said('validation.currency')),
    options: projectOptionsInputSchema,
    features: z.record(z.string().regex(FEATURE_KEY_PATTERN), z.boolean()),
    theme: themeSchema,
  })
  .strict();
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

export const projectConfigViewSchema = z.object({
  _version: z.number(),
  project: z.object({ _id: z.string(), key: z.string(), name: z.string() }),
  // As stored: a value saved before a rule was tightened still shows, to be corrected.
  config: projectConfigSchema.extend({ currency: z.string(), options: projectOptionsSchema }),
  history: z.array(
    z.object({ version: z.number(), at: z.string(), actor: z.string().nullable(), config: z.unknown() }),
  ),
});
export type ProjectConfigView = z.infer<typeof projectConfigViewSchema>;

/** GET /api/admin/purchases: approved purchases in force across projects, with filters. */
export const adminPurchasesQuerySchema = z
  .object({
    project: z.string().max(64).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** The zone whose days `from` and `to` are (the admin's own); UTC when not given. */
    zone: z.string().max(64).refine(isTimeZone, said('validation.time-zone')).optional(),
  })
  .strict();
export type AdminPurchasesQuery = z.infer<typeof adminPurchasesQuerySchema>;

export const adminPurchaseSchema = z.object({
  _id: z.string(),
  project: z.object({ key: z.string(), name: z.string() }),
  unit: z.string().nullable(),
  buyer: z.string().nullable(),
  approvedAt: z.string(),
  revision: z.number(),
  currency: z.string(),
  total: z.number(),
  /** Reopened as a change order: this purchase stays in force until the change order is approved. */
  changeOrderOpen: z.boolean(),
});
export const adminPurchasesSchema = z.object({
  items: z.array(adminPurchaseSchema),
  totals: z.array(
    z.object({
      project: z.string(),
      projectName: z.string(),
      currency: z.string(),
      count: z.number(),
      total: z.number(),
    }),
  ),
});
export type AdminPurchases = z.infer<typeof adminPurchasesSchema>;

/** A beat of the app's own beacon: the visit it continues, and the page of the app it is on (no other path). */
export const visitBeatSchema = z
  .object({
    visit: z.uuid().optional(),
    path: z.string().min(1).max(300).refine(isAppPath, said('validation.app-path')),
  })
  .strict();

export const adminVisitsSchema = z.object({
  liveNow: z.number(),
  items: z.array(
    z.object({
      _id: z.string(),
      user: z.object({ email: z.string(), name: z.string() }),
      project: z.object({ key: z.string(), name: z.string() }).nullable(),
      device: z.string(),
      startedAt: z.string(),
      lastSeenAt: z.string(),
      durationSeconds: z.number(),
      pages: z.number(),
      lastPath: z.string(),
      live: z.boolean(),
    }),
  ),
  next: z.string().nullable(),
});
export type AdminVisits = z.infer<typeof adminVisitsSchema>;
