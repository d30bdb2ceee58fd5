import type { MessageKey } from '@decor/core';
import type { Mail } from './mailer.ts';
import type { Reader } from './readers.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Every mail the portal sends, in its recipient's language (docs/languages.md, "Mails and
 * documents"): the words come from the catalogue's `mail.*` sentences, never from here.
 */

interface Layout {
  to: string;
  reader: Reader;
  projectName: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer: string;
}

/** One plain-text and one HTML body from the same words, with the project's name on both. */
function compose({ to, reader, projectName, subject, paragraphs, action, code, footer }: Layout): Mail {
  const text = [
    projectName,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(code ? [code, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
  ].join('\n');
  const lang = escapeHtml(reader.language);
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<h2 style="margin:0 0 16px">${escapeHtml(projectName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>` : ''}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1f6f5c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#667">${escapeHtml(reader.t('mail.or-open', { url: action.url }))}</p>` : ''}
<p style="font-size:12px;color:#667">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html, language: reader.language };
}

type Base = { to: string; reader: Reader; projectName: string };

type Words = { subject: MessageKey; body: MessageKey; action: MessageKey };

/** A mail of one paragraph and one button, with the project's name as {project}. */
function simple(
  { to, reader, projectName }: Base,
  words: Words,
  url: string,
  params: Record<string, string> = {},
): Mail {
  const { t } = reader;
  const say = (key: MessageKey) => t(key, { project: projectName, ...params });
  return compose({
    to,
    reader,
    projectName,
    subject: say(words.subject),
    paragraphs: [say(words.body)],
    action: { label: say(words.action), url },
    footer: t('mail.ignore'),
  });
}

export function verificationMail(base: Base & { url: string }): Mail {
  return simple(
    base,
    { subject: 'mail.verify.subject', body: 'mail.verify.body', action: 'mail.verify.action' },
    base.url,
  );
}

export function resetPasswordMail(base: Base & { url: string }): Mail {
  return simple(
    base,
    { subject: 'mail.reset.subject', body: 'mail.reset.body', action: 'mail.reset.action' },
    base.url,
  );
}

export function changeEmailMail(base: Base & { newEmail: string; url: string }): Mail {
  return simple(
    base,
    { subject: 'mail.change-email.subject', body: 'mail.change-email.body', action: 'mail.change-email.action' },
    base.url,
    {
      email: base.newEmail,
    },
  );
}

export function oneTimeCodeMail({ to, reader, projectName, code }: Base & { code: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.code.subject', { project: projectName, code }),
    paragraphs: [t('mail.code.body')],
    code,
    footer: t('mail.ignore'),
  });
}

/** An invitation, in the words of the role it gives: a buyer chooses finishes, a manager runs the project's back office. */
export function invitationMail({
  to,
  reader,
  projectName,
  url,
  unitName,
  role = 'purchaser',
  invitedBy = null,
}: Base & { url: string; unitName?: string | null; role?: 'purchaser' | 'manager'; invitedBy?: string | null }): Mail {
  const { t } = reader;
  const project = { project: projectName };
  // A co-buyer's invitation says who invites them and that the two share one selection.
  if (invitedBy && unitName && role === 'purchaser') {
    return compose({
      to,
      reader,
      projectName,
      subject: t('mail.invite-co-buyer.subject', { inviter: invitedBy, project: projectName }),
      paragraphs: [
        t('mail.invite-co-buyer.body', { inviter: invitedBy, unit: unitName }),
        t('mail.invite-co-buyer.body-2'),
      ],
      action: { label: t('mail.invite-co-buyer.action'), url },
      footer: t('mail.personal-link'),
    });
  }
  if (role === 'manager') {
    return compose({
      to,
      reader,
      projectName,
      subject: t('mail.invite-manager.subject', project),
      paragraphs: [t('mail.invite-manager.body', project), t('mail.invite-manager.body-2')],
      action: { label: t('mail.invite-manager.action'), url },
      footer: t('mail.personal-link'),
    });
  }
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.invite.subject', project),
    paragraphs: [unitName ? t('mail.invite.body-unit', { unit: unitName }) : t('mail.invite.body')],
    action: { label: t('mail.invite.action'), url },
    footer: t('mail.personal-link'),
  });
}

export function deadlineReminderMail({
  to,
  reader,
  projectName,
  unitName,
  deadline,
  daysLeft,
  url,
}: Base & { unitName: string; deadline: string; daysLeft: number; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.reminder.subject', { unit: unitName, days: Math.max(1, daysLeft) }),
    paragraphs: [
      t('mail.reminder.body', { unit: unitName, deadline: deadline.replace(/\.$/, '') }),
      t('mail.reminder.body-2'),
    ],
    action: { label: t('mail.reminder.action'), url },
    footer: t('mail.for-buyers'),
  });
}

/** An amount of a signed selection coming due, or just overdue (docs/payments.md, "Reminders"). */
export function paymentReminderMail({
  to,
  reader,
  projectName,
  unitName,
  what,
  amount,
  day,
  overdue,
  url,
}: Base & { unitName: string; what: string; amount: string; day: string; overdue: boolean; url: string }): Mail {
  const { t } = reader;
  const facts = { unit: unitName, what, amount, day, overdue: overdue ? 'yes' : 'no' };
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.payment-due.subject', facts),
    paragraphs: [t('mail.payment-due.body', facts), t('mail.payment-due.body-2')],
    action: { label: t('mail.payment-due.action'), url },
    footer: t('mail.for-buyers'),
  });
}

export function selectionSubmittedMail({
  to,
  reader,
  projectName,
  unitName,
  buyer,
  total,
  url,
}: Base & { unitName: string; buyer: string; total: string; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.submitted.subject', { unit: unitName }),
    paragraphs: [t('mail.submitted.body', { buyer, unit: unitName, total }), t('mail.submitted.body-2')],
    action: { label: t('mail.submitted.action'), url },
    footer: t('mail.for-managers'),
  });
}

/** To a unit's buyers: a payment, refund or credit recorded on their selection, its receipt attached (docs/payments.md). */
export function receiptMail({
  to,
  reader,
  projectName,
  unitName,
  kind,
  number,
  amount,
  balance,
  url,
  pdf,
}: Base & {
  unitName: string;
  kind: string;
  number: number;
  amount: string;
  balance: string;
  url: string;
  pdf: { filename: string; content: Buffer };
}): Mail {
  const { t } = reader;
  return {
    ...compose({
      to,
      reader,
      projectName,
      subject: t('mail.receipt.subject', { unit: unitName, kind, number }),
      paragraphs: [t('mail.receipt.body', { kind, amount, unit: unitName, balance })],
      action: { label: t('mail.receipt.action'), url },
      footer: t('mail.receipt.footer'),
    }),
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  };
}

/** To the buyer who signed: what they signed, the summary attached, and what happens next. */
export function selectionSignedMail({
  to,
  reader,
  projectName,
  unitName,
  signer,
  total,
  contact,
  url,
  pdf,
  reviewBy,
}: Base & {
  unitName: string;
  signer: string;
  total: string;
  contact: { name: string; email: string; phone: string; hours: string } | undefined;
  url: string;
  pdf: { filename: string; content: Buffer };
  /** The day the design centre's review is due, in the reader's words ("Friday, November 27, 2026"). */
  reviewBy: string;
}): Mail {
  const { t } = reader;
  const reach =
    contact && (contact.email || contact.phone)
      ? [
          t('mail.signed.questions', {
            contact: `${[contact.name || t('mail.signed.design-centre'), contact.email, contact.phone].filter(Boolean).join(' · ')}${contact.hours ? ` (${contact.hours})` : ''}`,
          }),
        ]
      : [];
  return {
    ...compose({
      to,
      reader,
      projectName,
      subject: t('mail.signed.subject', { unit: unitName }),
      paragraphs: [
        t('mail.signed.body', { signer, unit: unitName, total }),
        t('mail.signed.next', { reviewBy }),
        ...reach,
      ],
      action: { label: t('mail.signed.action'), url },
      footer: t('mail.signed.footer'),
    }),
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  };
}

export type DecisionKind = 'approve' | 'return' | 'reopen' | 'extend';

/** What the design centre decided about a buyer's selection, and what the buyer should do next. */
export function selectionDecisionMail({
  to,
  reader,
  projectName,
  unitName,
  kind,
  by,
  comment,
  total,
  fee,
  deadline,
  url,
}: Base & {
  unitName: string;
  kind: DecisionKind;
  /** Who decided; null: the design centre, in the reader's words. */
  by: string | null;
  comment?: string | undefined;
  total: string;
  fee?: string | undefined;
  deadline?: string | undefined;
  url: string;
}): Mail {
  const { t } = reader;
  const who = by || t('mail.signed.design-centre');
  const facts = { unit: unitName, by: who, total, deadline: deadline ?? '' };
  const said = comment ? [t('mail.decision.wrote', { name: who, comment })] : [];
  const words: Record<DecisionKind, { subject: MessageKey; paragraphs: string[]; action: MessageKey }> = {
    approve: {
      subject: 'mail.approve.subject',
      paragraphs: [t('mail.approve.body', facts), ...said, t('mail.approve.next')],
      action: 'mail.approve.action',
    },
    return: {
      subject: 'mail.return.subject',
      paragraphs: [t('mail.return.body', facts), ...said, t('mail.return.next')],
      action: 'mail.return.action',
    },
    reopen: {
      subject: 'mail.reopen.subject',
      paragraphs: [
        t('mail.reopen.body', facts),
        ...said,
        ...(fee ? [t('mail.reopen.fee', { fee })] : []),
        t('mail.reopen.next'),
        ...(deadline ? [t('mail.reopen.deadline', { deadline: deadline.replace(/\.$/, '') })] : []),
      ],
      action: 'mail.reopen.action',
    },
    extend: {
      subject: 'mail.extend.subject',
      paragraphs: [t('mail.extend.body', facts), ...said],
      action: 'mail.extend.action',
    },
  };
  const { subject, paragraphs, action } = words[kind];
  return compose({
    to,
    reader,
    projectName,
    subject: t(subject, facts),
    paragraphs,
    action: { label: t(action), url },
    footer: t('mail.for-buyers'),
  });
}

export function existingAccountMail({ to, reader, projectName, signInUrl }: Base & { signInUrl: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.existing.subject', { project: projectName }),
    paragraphs: [t('mail.existing.body'), t('mail.existing.body-2')],
    action: { label: t('mail.existing.action'), url: signInUrl },
    footer: t('mail.ignore'),
  });
}

/** To every administrator: a project's screens met too many wrong pairing codes, and every code was drawn again (docs/displays.md, "Limits"). */
export function pairingCodeLimitMail({
  to,
  reader,
  projectName,
  screens,
  url,
}: Base & { screens: number; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.pairing-limit.subject', { project: projectName }),
    paragraphs: [t('mail.pairing-limit.body', { project: projectName, screens }), t('mail.pairing-limit.body-2')],
    action: { label: t('mail.pairing-limit.action'), url },
    footer: t('mail.pairing-limit.footer'),
  });
}

/** To a project's managers: an endpoint failed for a day and is off (docs/integrations.md, "Delivery"). */
export function webhookDisabledMail({
  to,
  reader,
  projectName,
  endpoint,
  url,
}: Base & { endpoint: string; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.webhook-disabled.subject', { project: projectName }),
    paragraphs: [t('mail.webhook-disabled.body', { endpoint }), t('mail.webhook-disabled.body-2')],
    action: { label: t('mail.webhook-disabled.action'), url },
    footer: t('mail.webhook-disabled.footer'),
  });
}

/** To a visitor of a sales centre: the look they built on a screen, as they asked (docs/displays.md, "The look goes home"). */
export function showroomLookMail({
  to,
  reader,
  projectName,
  lines,
  url,
}: Base & { lines: string[]; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.look.subject', { project: projectName }),
    paragraphs: [t('mail.look.body'), ...lines, t('mail.look.body-2')],
    action: { label: t('mail.look.action', { project: projectName }), url },
    footer: t('mail.look.footer'),
  });
}

/** What a visitor answered on the inquiry form, one line each, only what they answered. */
export interface LeadFacts {
  interest: string | null;
  budget: string;
  timeline: string;
  agent: boolean | null;
  contact: { by: 'phone' | 'email'; value: string };
  code: string;
  /** The campaign's tags, written out ("source: newsletter, campaign: autumn"); empty for none. */
  campaign?: string;
}

/** To the project's managers: a visitor asked about a home (or came back within 30 days). */
export function leadMail({
  to,
  reader,
  projectName,
  person,
  returning,
  facts,
  message,
  url,
}: Base & { person: string; returning: boolean; facts: LeadFacts; message: string; url: string }): Mail {
  const { t } = reader;
  const lines = [
    facts.interest ? t('mail.lead.interest', { value: facts.interest }) : null,
    facts.budget ? t('mail.lead.budget', { value: facts.budget }) : null,
    facts.timeline ? t('mail.lead.timeline', { value: facts.timeline }) : null,
    facts.agent === null ? null : t('mail.lead.agent', { agent: facts.agent ? 'yes' : 'no' }),
    t('mail.lead.contact', facts.contact),
    facts.code ? t('mail.lead.code', { value: facts.code }) : null,
    facts.campaign ? t('mail.lead.campaign', { value: facts.campaign }) : null,
  ].filter((line): line is string => line !== null);
  return compose({
    to,
    reader,
    projectName,
    subject: returning ? t('mail.lead.subject-returning', { person }) : t('mail.lead.subject', { person }),
    paragraphs: [
      returning ? t('mail.lead.body-returning', { person }) : t('mail.lead.body', { person }),
      ...lines,
      ...(message ? [t('mail.lead.message', { message })] : []),
    ],
    action: { label: t('mail.lead.action'), url },
    footer: t('mail.for-managers'),
  });
}

/** The messages a person has not read, at most one mail an hour (docs/comments.md). */
export function commentDigestMail({
  to,
  reader,
  projectName,
  lines,
  units,
  url,
  accountUrl,
}: Base & {
  lines: Array<{ unit: string; author: string; excerpt: string }>;
  units: number;
  url: string;
  accountUrl: string;
}): Mail {
  const { t } = reader;
  const shown = lines.slice(0, 10);
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.digest.subject', { count: lines.length, units }),
    paragraphs: [
      t('mail.digest.body'),
      ...shown.map((line) => t('mail.digest.line', line)),
      ...(lines.length > shown.length ? [t('mail.digest.more', { count: lines.length - shown.length })] : []),
    ],
    action: { label: t('mail.digest.action'), url },
    footer: t('mail.digest.footer', { url: accountUrl }),
  });
}

/** Once, when a draft's deadline passed before it was submitted (a project that asks for it). */
export function deadlinePassedMail({
  to,
  reader,
  projectName,
  unitName,
  deadline,
  url,
}: Base & { unitName: string; deadline: string; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.reminder-passed.subject', { unit: unitName }),
    paragraphs: [
      t('mail.reminder-passed.body', { unit: unitName, deadline: deadline.replace(/\.$/, '') }),
      t('mail.reminder-passed.body-2'),
    ],
    action: { label: t('mail.reminder-passed.action'), url },
    footer: t('mail.for-buyers'),
  });
}

/** Where every buyer signs: the choices changed after a signature, which was set aside (docs/selection-rules.md, "Signing together"). */
export function signAgainMail({
  to,
  reader,
  projectName,
  unitName,
  url,
}: Base & { unitName: string; url: string }): Mail {
  const { t } = reader;
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.resign.subject', { unit: unitName }),
    paragraphs: [t('mail.resign.body', { unit: unitName })],
    action: { label: t('mail.resign.action'), url },
    footer: t('mail.for-buyers'),
  });
}

/** What an appointment's mail is about: its booking, a move, its cancellation, or a reminder the day before or shortly before. */
export type AppointmentMailKind = 'booked' | 'moved' | 'cancelled' | 'day' | 'soon';

/**
 * To a meeting's buyers and its consultant (docs/appointments.md, "Mails"): what changed, when
 * in the project's zone, with whom and where; the invitation is attached by the caller.
 */
export function appointmentMail({
  to,
  reader,
  projectName,
  kind,
  type,
  when,
  unitName,
  consultant,
  people,
  place,
  videoUrl,
  url,
  forStaff,
}: Base & {
  kind: AppointmentMailKind;
  type: string;
  when: string;
  unitName: string;
  consultant: string;
  people: string;
  place: string;
  videoUrl: string | null;
  url: string;
  forStaff: boolean;
}): Mail {
  const { t } = reader;
  const facts = { kind, type, when, unit: unitName };
  const where = [
    ...(place ? [t('mail.appointment.place', { place })] : []),
    ...(videoUrl ? [t('mail.appointment.video', { url: videoUrl })] : []),
  ];
  const open = kind !== 'cancelled';
  return compose({
    to,
    reader,
    projectName,
    subject: t('mail.appointment.subject', facts),
    paragraphs: [
      forStaff ? t('mail.appointment.staff-body', facts) : t('mail.appointment.body', facts),
      t('mail.appointment.with', { consultant, unit: unitName, people }),
      ...(open ? where : []),
      ...(open && !forStaff ? [t('mail.appointment.prepare')] : []),
      ...(kind === 'day' || kind === 'soon' ? [] : [t('mail.appointment.calendar')]),
    ],
    action: { label: forStaff ? t('mail.appointment.staff-action') : t('mail.appointment.action'), url },
    footer: forStaff ? t('mail.appointment.staff-footer') : t('mail.for-buyers'),
  });
}
