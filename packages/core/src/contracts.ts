import { TRANSLATABLE_FIELDS, TRANSLATABLE_OPTIONS, TRANSLATABLE_PAYMENT_TEXT } from './content-languages.ts';
import { translationsSchema } from './translations-schema.ts';
import { z } from 'zod';
import { said, worded } from './validation-issues.ts';
import { paymentTermsSchema } from './payments.ts';
import { ERROR_CODES } from './errors.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from './dates.ts';
import type { ViewCategory, ViewOption } from './cart-view.ts';
import type { Selection } from './selection-rules.ts';
import { LANGUAGES } from './messages/languages.ts';

/** Every API error body (docs/api.md). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** The message's key in the catalogue and its parameters, when it has one (docs/api.md, "Errors"). */
    key: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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

const hexColour = z.string().regex(worded(/^#[0-9a-fA-F]{6}$/, 'validation.colour'));

export const themeSchema = z.object({
  logoBg: hexColour,
  primary: hexColour,
  secondary: hexColour,
  logoUrl: z.string().nullable().optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const unitSystemSchema = z.enum(['metric', 'imperial']);

/**
 * Whether a language tag names a language (and region) the portal can speak dates and money
 * in: well formed (BCP 47), a language with formatting data in Intl, and a real region when it
 * names one. `en-CA`, `fr-CA` and `zh-Hant-TW` are; `english`, `xx` and `en-ZZ` are not.
 */
export function isSupportedLocale(tag: string): boolean {
  try {
    if (Intl.getCanonicalLocales(tag).length !== 1) return false;
    if (Intl.NumberFormat.supportedLocalesOf([tag], { localeMatcher: 'lookup' }).length !== 1) return false;
    if (Intl.DateTimeFormat.supportedLocalesOf([tag], { localeMatcher: 'lookup' }).length !== 1) return false;
    const { region } = new Intl.Locale(tag);
    if (!region) return true;
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(region);
    return Boolean(name) && name !== 'Unknown Region';
  } catch {
    return false;
  }
}

const localeTag = z.string().min(2).max(35).refine(isSupportedLocale, said('validation.locale'));

/** How buyers reach the design centre: shown on their pages and in their mail. */
export const designCentreContactSchema = z
  .object({
    name: z.string().trim().max(120).default(''),
    email: z.union([z.email().max(254), z.literal('')]).default(''),
    phone: z.string().trim().max(40).default(''),
    hours: z.string().trim().max(200).default(''),
  })
  .strict();
export type DesignCentreContact = z.infer<typeof designCentreContactSchema>;

/**
 * How the 3D rooms are lit and first seen (docs/back-office.md, "3D settings"): 1 is the
 * calibrated light under which a floor shows exactly its swatch colour, and the standard view.
 */
export const sceneSettingsSchema = z
  .object({
    brightness: z.number().min(0.5).max(1.5).default(1),
    cameraDistance: z.number().min(0.6).max(1.6).default(1),
  })
  .strict();
export type SceneSettings = z.infer<typeof sceneSettingsSchema>;

const choiceList = z.array(z.string().trim().min(1).max(100)).max(12);
export const inquirySettingsSchema = z
  .object({ budgets: choiceList.default([]), timelines: choiceList.default([]) })
  .strict();

export const EMBED_SECTIONS = ['packages', 'availability', 'grid', 'gallery', 'form'] as const;
export type EmbedSection = (typeof EMBED_SECTIONS)[number];

/** What the widget's figures call every site the project does not list (docs/public-pages.md, "Widget"). */
export const EMBED_ELSEWHERE = 'elsewhere';
/** A site allowed to frame the widget: an exact https origin, no path. */
export const embedOriginSchema = z
  .string()
  .trim()
  .max(200)
  .regex(worded(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/, 'validation.origin'));
export const embedSettingsSchema = z
  .object({
    sections: z
      .array(z.enum(EMBED_SECTIONS))
      .max(EMBED_SECTIONS.length)
      .default([...EMBED_SECTIONS]),
    origins: z.array(embedOriginSchema).max(20).default([]),
  })
  .strict();
export type EmbedSettings = z.output<typeof embedSettingsSchema>;

/** Fit my budget's weights (docs/fit-my-budget.md, "Value"): what keeping a buyer's choice is worth, and how much more a place counts where they asked to spend more. */
export const fitWeightsSchema = z
  .object({
    keepBonus: z.number().int().min(0).max(100).default(15),
    priorityWeight: z.number().min(1).max(5).default(2),
  })
  .strict();
export type FitWeights = z.output<typeof fitWeightsSchema>;

const languageList = z
  .array(z.enum(LANGUAGES))
  .min(1, 'Offer at least one language.')
  .max(LANGUAGES.length)
  .refine((list) => new Set(list).size === list.length, said('validation.languages-once'));

const projectOptionFields = {
  /** The region numbers, money and dates are written for (en-CA: 3,450.50; fr-CA: 3 450,50 $). */
  locale: localeTag,
  /** The languages the project's pages, mails and documents are offered in (docs/languages.md). */
  languages: languageList,
  /** The language of a visitor whose browser asks for none of `languages`, and of a new buyer's mails. */
  defaultLanguage: z.enum(LANGUAGES),
  /** The IANA time zone every date of the project is said in (docs/dates.md). */
  timeZone: z.string().max(64).refine(isTimeZone, said('validation.time-zone')),
  unitSystem: unitSystemSchema,
  termsOfService: z.string().max(100_000),
  depositPercent: z.number().min(0).max(100),
  tagline: z.string().max(200),
  /** Days a new buyer's selection stays open when their unit has no deadline of its own. */
  defaultDeadlineDays: z.number().int().min(1).max(730),
  /** Business days the design centre takes to review a signed selection (the buyer is told by when). */
  reviewDays: z.number().int().min(1).max(60),
  /** Days before a draft's deadline its buyers are mailed a reminder, each step once (docs/selection-rules.md, "Reminders"). */
  reminderDays: z
    .array(z.number().int().min(1).max(90))
    .max(5)
    .refine((days) => new Set(days).size === days.length, said('validation.unique')),
  /** Whether buyers whose deadline passed before they submitted are told once. */
  remindAfterDeadline: z.boolean(),
  /** Who signs a selection: one of the unit's buyers, or every one of them (docs/selection-rules.md, "Signing together"). */
  signing: z.enum(['one', 'every']),
  contact: designCentreContactSchema,
  scene: sceneSettingsSchema,
  /** Whether the sales-centre screens and their phones show option prices to visitors (docs/displays.md). */
  showroomPrices: z.boolean(),
  /** The inquiry form's choices (docs/public-pages.md, "Inquiries"): empty lists use the defaults. */
  inquiry: inquirySettingsSchema,
  /** The builder's widget: what it shows and which sites may frame it (docs/public-pages.md, "The widget"). */
  embed: embedSettingsSchema,
  /** Payment terms and taxes (docs/payments.md): what a signed selection owes, and when. */
  payments: paymentTermsSchema,
  fitBudget: fitWeightsSchema,
  /** The terms, the tagline and the design centre's hours in the project's other languages (docs/languages.md). */
  translations: translationsSchema([...TRANSLATABLE_OPTIONS, TRANSLATABLE_PAYMENT_TEXT]),
};

const projectOptionsShape = {
  ...projectOptionFields,
  locale: projectOptionFields.locale.default('en-CA'),
  languages: projectOptionFields.languages.default(['en']),
  defaultLanguage: projectOptionFields.defaultLanguage.default('en'),
  timeZone: projectOptionFields.timeZone.default(DEFAULT_TIME_ZONE),
  unitSystem: projectOptionFields.unitSystem.default('metric'),
  termsOfService: projectOptionFields.termsOfService.default(''),
  depositPercent: projectOptionFields.depositPercent.optional(),
  tagline: projectOptionFields.tagline.optional(),
  defaultDeadlineDays: projectOptionFields.defaultDeadlineDays.optional(),
  reviewDays: projectOptionFields.reviewDays.optional(),
  reminderDays: projectOptionFields.reminderDays.optional(),
  remindAfterDeadline: projectOptionFields.remindAfterDeadline.optional(),
  signing: projectOptionFields.signing.optional(),
  contact: projectOptionFields.contact.optional(),
  scene: projectOptionFields.scene.optional(),
  showroomPrices: projectOptionFields.showroomPrices.optional(),
  inquiry: projectOptionFields.inquiry.optional(),
  embed: projectOptionFields.embed.optional(),
  payments: projectOptionFields.payments.optional(),
  fitBudget: projectOptionFields.fitBudget.optional(),
  translations: projectOptionFields.translations.optional(),
};

/**
 * A project's options as written (the config editor, the wizard, a bundle): every key one the
 * portal knows, each value valid. An unknown key is refused by name, never kept or dropped.
 */
export const projectOptionsInputSchema = z
  .object(projectOptionsShape)
  .strict()
  .refine((options) => options.languages.includes(options.defaultLanguage), {
    ...said('validation.default-language'),
    path: ['defaultLanguage'],
  });

/**
 * A project's options as read: what was stored before a rule was tightened still reads
 * (an unknown key is left out, a language no longer accepted reads as the default).
 */
export const projectOptionsSchema = z.object({
  ...projectOptionsShape,
  locale: projectOptionsShape.locale.catch('en-CA'),
  timeZone: projectOptionsShape.timeZone.catch(DEFAULT_TIME_ZONE),
  languages: projectOptionsShape.languages.catch(['en']),
  defaultLanguage: projectOptionsShape.defaultLanguage.catch('en'),
});

/** A change to a project's options: only what it names changes (no defaults filled in); unknown keys refused. */
export const projectOptionsPatchSchema = z.object(projectOptionFields).partial().strict();
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
  /** Its name in the project's other languages (docs/languages.md). */
  translations: translationsSchema(TRANSLATABLE_FIELDS.rooms).optional(),
});

/** GET /api/project (docs/data-model.md, docs/api.md). */
/** One zone's rules from the server's zone database (GET /api/time-zone, and with the project). */
export const zoneRulesResponseSchema = z.object({
  name: z.string(),
  /** The IANA release ("2026f"). */
  version: z.string(),
  /** The zone in the database's packed form (core's zone-rules.ts reads it). */
  packed: z.string(),
});
export type ZoneRulesResponse = z.infer<typeof zoneRulesResponseSchema>;

export const projectResponseSchema = z.object({
  _id: z.string(),
  /** Changes with every saved change of the project's settings (a stale save is a 409). */
  _version: z.number().int().optional(),
  key: z.string(),
  name: z.string(),
  currency: z.string(),
  options: projectOptionsSchema,
  features: featuresSchema,
  theme: themeSchema,
  rooms: z.array(projectRoomSchema),
  /** The rules of the project's time zone from the server's zone database, so the browser prints every moment as the server does (docs/dates.md). */
  timeZoneRules: zoneRulesResponseSchema.optional(),
});
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** An item as the collection API returns it: its fields, with its id, version and dates. */
export type { ApiItem } from './api-item.ts';

/** The signed-in person (GET /api/me). */
export const meResponseSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  /** The language the person chose (docs/languages.md); absent: the browser's, then the project's. */
  language: z.enum(LANGUAGES).optional(),
  /** Whether digests of unread messages are mailed to the person (docs/comments.md). */
  commentMails: z.boolean(),
  firebaseId: z.string(),
  token: z.string().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** A project the signed-in person belongs to (GET /api/me/projects). */
export const myProjectSchema = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  role: z.enum(['purchaser', 'manager', 'admin']),
  url: z.string(),
});
export type MyProject = z.infer<typeof myProjectSchema>;

/** A cart as the buyer's home page shows it (GET /api/carts/mine). */
export const cartSummarySchema = z.object({
  _id: z.string(),
  _version: z.number(),
  status: z.enum(['draft', 'submitted', 'approved', 'locked']),
  deadline: z.string().nullable(),
  total: z.number(),
  deposit: z.number(),
  depositPercent: z.number(),
  selections: z.number(),
  progress: z.object({ done: z.number(), total: z.number(), missing: z.array(z.string()) }),
  unit: z.object({ _id: z.string(), name: z.string(), floor: z.number(), area: z.number().nullable() }),
  /** The unit's plan, with the rooms it has (what the configurator offers). */
  plan: z
    .object({
      _id: z.string(),
      name: z.string(),
      bedrooms: z.number(),
      bathrooms: z.number(),
      rooms: z.array(z.string()),
      minimap: z.string().nullable().optional(),
    })
    .nullable(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

const changeOrderLineSchema = z.object({
  option: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
});
const adjustmentSchema = z.object({
  label: z.string(),
  amount: z.number(),
  changeOrder: z.number().optional(),
  appointment: z.string().optional(),
});

/**
 * The change-order document of a reopened selection (GET /api/carts/{id}/change-order;
 * docs/selection-rules.md, "Change orders"): each place that differs from the purchase in
 * force, the fees and package lines added or removed, and the totals. Null for a selection
 * that was never approved and reopened.
 */
export const changeOrderSchema = z.object({
  number: z.number(),
  approved: z.object({ revision: z.number(), approvedAt: z.string(), total: z.number() }),
  changes: z.array(
    z.object({
      room: z.string(),
      roomName: z.string(),
      category: z.string(),
      categoryName: z.string(),
      before: z.array(changeOrderLineSchema),
      after: z.array(changeOrderLineSchema),
      difference: z.number(),
    }),
  ),
  added: z.array(adjustmentSchema),
  removed: z.array(adjustmentSchema),
  total: z.number(),
  difference: z.number(),
});
export type ChangeOrder = z.infer<typeof changeOrderSchema>;

/**
 * A shared cart, read-only (GET /api/shared/{token}): what its link allows — without prices,
 * no price, amount or total is sent at all.
 */
export type SharedCartView = {
  project: { key: string; name: string; currency: string; locale: string; timeZone: string; theme: Theme };
  unit: { name: string; floor: number; area: number | null } | null;
  plan: { name: string; rooms: string[] } | null;
  status: 'draft' | 'submitted' | 'approved' | 'locked';
  revision: number;
  showsPrices: boolean;
  expiresAt: string;
  rooms: Array<z.infer<typeof projectRoomSchema>>;
  categories: ViewCategory[];
  options: Array<Omit<ViewOption, 'price'> & { price?: number }>;
  selections: Selection[];
  package: { name: string; price?: number } | null;
  total?: number;
  deposit?: number;
  depositPercent?: number;
  /** Who signed, as initials only: the link may travel beyond the buyers. */
  signature: { initials: string; signedAt: string } | null;
};
