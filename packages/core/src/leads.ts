import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES } from './lead-words.ts';
import { message, type Say } from './messages/index.ts';

/**
 * Leads: people who asked about a home before they are buyers (docs/public-pages.md,
 * "Inquiries"). The form's input, the stored lead (a collection item written through the
 * engine), and the words both the form and the server use, defined once.
 */

export const CONTACT_METHODS = ['email', 'phone'] as const;
export const INTEREST_KINDS = ['plan', 'unit', 'package'] as const;
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
type UtmKey = (typeof UTM_KEYS)[number];
type UtmShape = Record<UtmKey | `utm_${UtmKey}`, z.ZodOptional<z.ZodString>>;

/** Campaign tags by their short names, whichever names they came with (the short one wins when both are given). */
function shortUtm(tags: Partial<Record<string, string | undefined>>): Partial<Record<UtmKey, string>> {
  const short: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const value = tags[key] ?? tags[`utm_${key}`];
    if (value !== undefined) short[key] = value;
  }
  return short;
}

/** Where the default budget bands start and end, in the currency's major units (project settings may write their own). */
export const DEFAULT_BUDGET_LIMITS = [500_000, 750_000, 1_000_000] as const;
/** The default timelines, said from the catalogue (`inquiry.timeline`) in the visitor's language. */
export const DEFAULT_TIMELINES = ['asap', 'sixMonths', 'year', 'later', 'looking'] as const;

/**
 * The choices a project offers until its managers write their own, in the visitor's language
 * and the project's currency: "Under $500,000" … "Over $1,000,000"; "As soon as possible" …
 */
export function defaultInquiryChoices(
  say: Say,
  currency: string,
  locale: string,
): { budgets: string[]; timelines: string[] } {
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const [low, middle, high] = DEFAULT_BUDGET_LIMITS.map((amount) => money.format(amount)) as [string, string, string];
  return {
    budgets: [
      say('inquiry.budget-under', { amount: low }),
      say('inquiry.budget-between', { from: low, to: middle }),
      say('inquiry.budget-between', { from: middle, to: high }),
      say('inquiry.budget-over', { amount: high }),
    ],
    timelines: DEFAULT_TIMELINES.map((timeline) => say('inquiry.timeline', { timeline })),
  };
}

/** An inquiry from the same address within this many days is the same lead, with a new activity. */
export const RETURNING_LEAD_DAYS = 30;
/** A form sent sooner than this after it was shown was not filled in by a person. */
export const FORM_MIN_SECONDS = 3;
/** A form older than this is refused (the page asks for a fresh one). */
export const FORM_MAX_SECONDS = 2 * 60 * 60;

/**
 * The box that subscribes to news: unchecked, optional, naming who sends and how to stop.
 * The exact sentence is kept with the lead as proof of the consent (CASL, GDPR).
 */
export function newsConsentText(builder: string, say: Say = message): string {
  return say('inquiry.news', { builder });
}

const trimmed = (max: number) => z.string().trim().max(max);
const phonePattern = /^[+()\d\s.-]{7,30}$/;

/** What the form sends (POST /api/inquire). */
export const inquirySchema = z
  .object({
    firstName: trimmed(100).min(1, 'Enter your first name.'),
    lastName: trimmed(100).min(1, 'Enter your last name.'),
    email: z.string().trim().toLowerCase().pipe(z.email('Enter an e-mail address like name@example.com.').max(254)),
    phone: trimmed(30)
      .refine(
        (value) => value === '' || phonePattern.test(value),
        'Enter a phone number with digits, spaces, + ( ) . or -.',
      )
      .default(''),
    message: trimmed(5000).default(''),
    interest: z
      .object({ kind: z.enum(INTEREST_KINDS), id: z.uuid() })
      .strict()
      .nullable()
      .default(null),
    budget: trimmed(100).nullable().default(null),
    timeline: trimmed(100).nullable().default(null),
    agent: z.boolean().nullable().default(null),
    contact: z.enum(CONTACT_METHODS).default('email'),
    news: z.boolean().default(false),
    /** The agent or referral code of the page's address, as typed: an unknown one is kept, never refused. */
    code: trimmed(100).nullable().default(null),
    /** The campaign tags, by their names in a campaign link (`utm_source`) or short (`source`); stored short. */
    utm: z
      .object(
        Object.fromEntries(
          UTM_KEYS.flatMap((key) => [
            [key, trimmed(200).optional()],
            [`utm_${key}`, trimmed(200).optional()],
          ]),
        ) as UtmShape,
      )
      .strict()
      .transform(shortUtm)
      .default({}),
    /** The page the form was on, and the site that sent the visitor there. */
    page: trimmed(500).default(''),
    referrer: trimmed(500).nullable().default(null),
    /** The signed form token and the solved proof of work (docs/public-pages.md, "Spam"). */
    token: z.string().max(300),
    proof: z.string().max(2000),
    /** Left empty by people; a field only robots see and fill. */
    website: z.string().max(500).default(''),
  })
  .strict();
export type InquiryInput = z.input<typeof inquirySchema>;

const activitySchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    source: z.enum(LEAD_SOURCES),
    message: z.string().max(5000),
    page: z.string().max(500),
    interest: inquirySchema.shape.interest,
    /** What this inquiry said of the person (a later one never overwrites an earlier one's words: docs/public-pages.md). */
    stated: z
      .object({
        phone: z.string().max(30),
        budget: z.string().max(100).nullable(),
        timeline: z.string().max(100).nullable(),
        agent: z.boolean().nullable(),
        contact: z.enum(CONTACT_METHODS),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type LeadActivity = z.infer<typeof activitySchema>;

/** One answer to the news question, with its proof: the sentence shown, when, from which address and page. */
const consentSchema = z
  .object({
    subscribed: z.boolean(),
    text: z.string().max(1000).nullable(),
    at: z.iso.datetime({ offset: true }),
    address: z.string().max(64).nullable(),
    page: z.string().max(500).nullable(),
  })
  .strict();
export type LeadConsent = z.infer<typeof consentSchema>;

/** A lead as stored (the `leads` collection). */
export const leadSchema = z
  .object({
    /** Empty for a visitor who only left an address (a look mailed from a sales-centre screen). */
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    email: z.string().max(254),
    phone: z.string().max(30).default(''),
    interest: inquirySchema.shape.interest,
    budget: z.string().max(100).nullable().default(null),
    timeline: z.string().max(100).nullable().default(null),
    agent: z.boolean().nullable().default(null),
    contact: z.enum(CONTACT_METHODS).default('email'),
    status: z.enum(LEAD_STATUSES).default('new'),
    /** The person of the sales team who follows it up. */
    assignee: z.uuid().nullable().default(null),
    source: z.enum(LEAD_SOURCES),
    code: z.string().max(100).nullable().default(null),
    utm: z.partialRecord(z.enum(UTM_KEYS), z.string().max(200)).default({}),
    referrer: z.string().max(500).nullable().default(null),
    /** The consent to news, with its proof: the sentence shown, when, from which address and page. */
    news: z
      .object({
        subscribed: z.boolean(),
        text: z.string().max(1000).nullable(),
        at: z.iso.datetime({ offset: true }).nullable(),
        address: z.string().max(64).nullable(),
        page: z.string().max(500).nullable(),
      })
      .strict()
      .default({ subscribed: false, text: null, at: null, address: null, page: null }),
    /** Why a lead waits for review instead of reaching the sales team's inbox. */
    heldReasons: z.array(z.string().max(200)).max(20).default([]),
    /** Each inquiry of this person, newest last. */
    activities: z.array(activitySchema).max(200).default([]),
    /** Every consent given or withdrawn, each with its own proof, oldest first: append-only. */
    consents: z.array(consentSchema).max(100).default([]),
    notes: z.string().max(10_000).default(''),
  })
  .strict();
export type LeadFields = z.output<typeof leadSchema>;

/** What the form is given before it is shown (GET /api/inquire/form). */
export const inquiryFormSchema = z.object({
  projectName: z.string(),
  token: z.string(),
  /** A proof-of-work challenge: find `number` ≤ `maxnumber` with SHA-256(salt + number) = challenge. */
  challenge: z.object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string(),
    maxnumber: z.number().int(),
    salt: z.string(),
    signature: z.string(),
  }),
  newsText: z.string(),
  budgets: z.array(z.string()),
  timelines: z.array(z.string()),
  interests: z.array(z.object({ kind: z.enum(INTEREST_KINDS), id: z.uuid(), name: z.string() })),
});
export type InquiryForm = z.infer<typeof inquiryFormSchema>;

export const inquiryAnswerSchema = z.object({ received: z.literal(true) });

/**
 * Content that makes an inquiry wait for review rather than reach the sales team (never a
 * refusal: a person with a link in their message is still heard). Each reason in words.
 */
export function heldReasonsOf(input: {
  firstName: string;
  lastName: string;
  message: string;
  email: string;
}): string[] {
  const reasons: string[] = [];
  const links = input.message.match(/\b(https?:\/\/|www\.)\S+/gi) ?? [];
  if (links.length)
    reasons.push(links.length === 1 ? 'The message has a link.' : `The message has ${links.length} links.`);
  if (/<\/?[a-z][^>]*>|\[url=/i.test(input.message)) reasons.push('The message has markup.');
  if (/(https?:|www\.|\.com\b|[<>]|\d{3,})/i.test(`${input.firstName} ${input.lastName}`))
    reasons.push('The name looks like a link or a number.');
  if (/(.)\1{9,}/.test(input.message)) reasons.push('The message repeats a character many times.');
  if (/\b(viagra|casino|crypto|bitcoin|forex|seo services|backlinks|loan offer)\b/i.test(input.message))
    reasons.push('The message reads like advertising.');
  return reasons;
}

/** How a lead is named to the sales team: their name, or their address when they left only that. */
export const leadName = (lead: { firstName: string; lastName: string; email: string }) =>
  `${lead.firstName} ${lead.lastName}`.trim() || lead.email;
