import {
  defaultInquiryChoices,
  formattingLocale,
  fail,
  heldReasonsOf,
  leadName,
  type InquiryForm,
  inquirySchema,
  type LeadActivity,
  type LeadFields,
  type LeadSource,
  newsConsentText,
  projectOptionsSchema,
  type Language,
} from '@decor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createItem, type HookRegistry, updateItem, type WriteBase, withWrites } from '../decor/index.ts';
import { peopleOf, type ProjectRow } from '../projects/index.ts';
import { leadMail, readersOf, type LeadFacts, type Mailer } from '../mail/index.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { checkProof, issueForm, readFormToken } from './leads.form.ts';
import { publicInterestName, publicInterests, recentLeadOf, spendFormToken } from './leads.repo.ts';
import { translatorFor } from '@decor/core/catalogues';

/**
 * Inquiries (docs/public-pages.md, "Inquiries"): the form a visitor is given, and what happens
 * to what they send: the spam checks in order of cost, then one lead per person per 30 days
 * written through the engine, and a mail to the project's managers unless it is held.
 */

type Inquiry = z.output<typeof inquirySchema>;

/** A fresh form, its consent sentence in the visitor's language (kept word for word as proof when they tick it). */
export async function inquiryFormOf(
  db: Db,
  secret: string,
  project: ProjectRow,
  language: Language = 'en',
  /** The page the form is given to: what the lead will say it came from. */
  source: LeadSource = 'inquire',
): Promise<InquiryForm> {
  const options = projectOptionsSchema.parse(project.options ?? {});
  const [issued, interests] = await Promise.all([
    issueForm(secret, project.id, source),
    publicInterests(db, project.id, language),
  ]);
  // The defaults in the visitor's language and the project's currency; the managers' own choices as they wrote them.
  const defaults = defaultInquiryChoices(
    translatorFor(language),
    project.currency,
    formattingLocale(language, options.locale),
  );
  return {
    projectName: project.name,
    ...issued,
    newsText: newsConsentText(project.name, translatorFor(language)),
    budgets: options.inquiry?.budgets.length ? options.inquiry.budgets : defaults.budgets,
    timelines: options.inquiry?.timelines.length ? options.inquiry.timelines : defaults.timelines,
    interests,
  };
}

export interface ReceiveInput {
  db: Db;
  secret: string;
  hooks: HookRegistry;
  mailer: Mailer;
  project: ProjectRow;
  origin: string;
  address: string;
  inquiry: Inquiry;
  /** The language of the page it was sent from: the consent sentence kept is the one shown. */
  language?: Language;
  onTaskError: (error: unknown) => void;
}

/** What became of an inquiry: `discarded` for a robot answered as if accepted (the honeypot). */
export type Outcome = 'created' | 'returning' | 'held' | 'discarded';

export async function receiveInquiry(input: ReceiveInput): Promise<Outcome> {
  const { db, secret, project, inquiry, address } = input;
  // A field only robots see: answered as if accepted, so that they learn nothing.
  if (inquiry.website.trim()) return 'discarded';
  const token = readFormToken(secret, project.id, inquiry.token);
  await checkProof(secret, token, inquiry.proof);
  await consumeRate(db, `inquiry:ip:${address}`, RATE_RULES.inquiryPerAddress);
  await consumeRate(db, `inquiry:email:${project.id}:${inquiry.email}`, RATE_RULES.inquiryPerEmail);
  await consumeRate(db, `inquiry:project:${project.id}`, RATE_RULES.inquiryPerProject);
  const interestName = inquiry.interest ? await publicInterestName(db, project.id, inquiry.interest) : null;
  if (inquiry.interest && interestName === null) throw fail('bad_request', 'inquiry.unknown-interest');
  if (!(await spendFormToken(db, project.id, token.nonce))) throw fail('bad_request', 'inquiry.form-used');
  const held = heldReasonsOf(inquiry);
  // The page the server gave the form to, as its signed token says: never what the sender claims.
  return writeLead(input, held, interestName, token.source);
}

async function writeLead(
  input: ReceiveInput,
  held: string[],
  interestName: string | null,
  source: LeadSource,
): Promise<Outcome> {
  const { db, project, inquiry, address, hooks } = input;
  const now = new Date();
  const activity: LeadActivity = {
    at: now.toISOString(),
    source,
    message: inquiry.message,
    page: inquiry.page,
    interest: inquiry.interest,
    stated: {
      phone: inquiry.phone,
      budget: inquiry.budget,
      timeline: inquiry.timeline,
      agent: inquiry.agent,
      contact: inquiry.contact,
    },
  };
  const news = inquiry.news
    ? {
        subscribed: true,
        text: newsConsentText(project.name, translatorFor(input.language ?? 'en')),
        at: now.toISOString(),
        address,
        page: inquiry.page || null,
      }
    : null;
  const base: WriteBase = { project, actorId: null, origin: 'server', hooks, now, onTaskError: input.onTaskError };
  const existing = await recentLeadOf(db, project.id, inquiry.email);
  const { id, returning } = await withWrites(db, base, async (writer) => {
    if (existing) {
      await updateItem(writer, 'leads', existing, (current) => {
        const lead = current.data as LeadFields;
        // Anyone may type someone's address: a later inquiry adds to the lead's history (its own words in
        // its activity, its consent as a new proof) and only fills what the lead does not say yet; it never
        // rewrites what an earlier one stated (docs/public-pages.md, "Inquiries").
        return {
          ...lead,
          phone: lead.phone || inquiry.phone,
          interest: lead.interest ?? inquiry.interest,
          budget: lead.budget ?? inquiry.budget,
          timeline: lead.timeline ?? inquiry.timeline,
          agent: lead.agent ?? inquiry.agent,
          // The first proof of consent stays as it is; every later one is added to the list.
          news: lead.news.subscribed ? lead.news : (news ?? lead.news),
          consents: news ? [...(lead.consents ?? []), news].slice(-100) : (lead.consents ?? []),
          heldReasons: [...new Set([...lead.heldReasons, ...held])].slice(0, 20),
          status: held.length && lead.status === 'new' ? 'held' : lead.status,
          activities: [...lead.activities, activity].slice(-200),
        };
      });
      return { id: existing, returning: true };
    }
    const created = await createItem(writer, 'leads', {
      firstName: inquiry.firstName,
      lastName: inquiry.lastName,
      email: inquiry.email,
      phone: inquiry.phone,
      interest: inquiry.interest,
      budget: inquiry.budget,
      timeline: inquiry.timeline,
      agent: inquiry.agent,
      contact: inquiry.contact,
      status: held.length ? 'held' : 'new',
      source,
      code: inquiry.code || null,
      utm: inquiry.utm,
      referrer: inquiry.referrer,
      ...(news ? { news, consents: [news] } : {}),
      heldReasons: held,
      activities: [activity],
    });
    return { id: created.id, returning: false };
  });
  if (held.length) return 'held';
  void mailManagers(input, id, returning, interestName).catch(input.onTaskError);
  return returning ? 'returning' : 'created';
}

/** One mail to each manager of the project: who asked, about what, and a link to the lead. */
async function mailManagers(
  { db, mailer, project, inquiry, origin }: ReceiveInput,
  leadId: string,
  returning: boolean,
  interestName: string | null,
) {
  const facts: LeadFacts = {
    interest: interestName,
    budget: inquiry.budget ?? '',
    timeline: inquiry.timeline ?? '',
    agent: inquiry.agent,
    contact:
      inquiry.contact === 'phone' && inquiry.phone
        ? { by: 'phone', value: inquiry.phone }
        : { by: 'email', value: inquiry.email },
    code: inquiry.code ?? '',
    // The campaign's tags as the lead's page lists them: "source: newsletter, campaign: autumn".
    campaign: Object.entries(inquiry.utm ?? {})
      .map(([key, value]) => `${key}: ${value}`)
      .join(', '),
  };
  const person = leadName(inquiry);
  const managers = (await peopleOf(db, { projectId: project.id, role: 'manager' })).map((manager) => manager.email);
  const readerOf = await readersOf(db, project.options ?? {}, managers);
  for (const to of managers) {
    await mailer.send({
      ...leadMail({
        to,
        reader: readerOf(to),
        projectName: project.name,
        person,
        returning,
        facts,
        message: inquiry.message,
        url: `${origin}/manage/leads/${leadId}`,
      }),
      projectId: project.id,
    });
  }
}

/**
 * A visitor at a sales-centre screen had the look they built mailed to them (docs/displays.md,
 * "The look goes home"): they become a lead from the screen, the look in words as their message.
 */
export async function receiveShowroomLook(
  input: Omit<ReceiveInput, 'inquiry' | 'secret'> & { email: string; lines: string[] },
): Promise<Outcome> {
  const inquiry: Inquiry = {
    firstName: '',
    lastName: '',
    email: input.email.trim().toLowerCase(),
    phone: '',
    message: `The look they built at a sales-centre screen:\n${input.lines.join('\n')}`.slice(0, 5000),
    interest: null,
    budget: null,
    timeline: null,
    agent: null,
    contact: 'email',
    news: false,
    code: null,
    utm: {},
    page: '',
    referrer: null,
    token: '',
    proof: '',
    website: '',
  };
  return writeLead({ ...input, secret: '', inquiry }, [], null, 'display');
}
