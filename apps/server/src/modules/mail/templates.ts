import type { Mail } from './mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

interface Layout {
  to: string;
  projectName: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer: string;
}

/** One plain-text and one HTML body from the same words, with the project's name on both. */
function compose({ to, projectName, subject, paragraphs, action, code, footer }: Layout): Mail {
  const text = [
    projectName,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(code ? [code, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<h2 style="margin:0 0 16px">${escapeHtml(projectName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>` : ''}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1f6f5c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#667">Or open this address: ${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#667">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html };
}

const IGNORE = 'If you did not ask for this, you can ignore this message.';

export function verificationMail({ to, projectName, url }: { to: string; projectName: string; url: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `Confirm your e-mail address for ${projectName}`,
    paragraphs: ['Welcome! Please confirm that this is your e-mail address, so that we can reach you about your home.'],
    action: { label: 'Confirm my e-mail address', url },
    footer: IGNORE,
  });
}

export function resetPasswordMail({ to, projectName, url }: { to: string; projectName: string; url: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `Choose a new password for ${projectName}`,
    paragraphs: ['Someone asked to reset the password of this account. The link works for one hour.'],
    action: { label: 'Choose a new password', url },
    footer: IGNORE,
  });
}

export function oneTimeCodeMail({ to, projectName, code }: { to: string; projectName: string; code: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `Your sign-in code for ${projectName}: ${code}`,
    paragraphs: ['Enter this code on the sign-in page. It works once, for five minutes.'],
    code,
    footer: IGNORE,
  });
}

export function changeEmailMail({ to, newEmail, projectName, url }: { to: string; newEmail: string; projectName: string; url: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `Confirm the change of your e-mail address for ${projectName}`,
    paragraphs: [`Someone asked to change the e-mail address of this account to ${newEmail}. Confirm it, and we will then check the new address.`],
    action: { label: 'Confirm the change', url },
    footer: IGNORE,
  });
}

/** An invitation, in the words of the role it gives: a buyer chooses finishes, a manager runs the project's back office. */
export function invitationMail({
  to,
  projectName,
  url,
  unitName,
  role = 'purchaser',
}: {
  to: string;
  projectName: string;
  url: string;
  unitName?: string | null;
  role?: 'purchaser' | 'manager';
}): Mail {
  if (role === 'manager') {
    return compose({
      to,
      projectName,
      subject: `You are invited to run the design centre of ${projectName}`,
      paragraphs: [
        `You are invited as a manager of ${projectName}: the catalogue, the units and their buyers, and every selection to review and approve.`,
        'Follow the link to arrive in the back office; you choose your password on the way.',
      ],
      action: { label: 'Open the back office', url },
      footer: 'This link is personal: please do not forward it.',
    });
  }
  return compose({
    to,
    projectName,
    subject: `You are invited to choose the finishes of your home at ${projectName}`,
    paragraphs: [
      unitName
        ? `Your design selections for unit ${unitName} are open. Follow the link to sign in and start choosing.`
        : 'You have been given access to the selection portal. Follow the link to sign in.',
    ],
    action: { label: 'Open the portal', url },
    footer: 'This link is personal: please do not forward it.',
  });
}

export function deadlineReminderMail({
  to,
  projectName,
  unitName,
  deadline,
  daysLeft,
  url,
}: {
  to: string;
  projectName: string;
  unitName: string;
  deadline: string;
  daysLeft: number;
  url: string;
}): Mail {
  const when = daysLeft <= 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return compose({
    to,
    projectName,
    subject: `Your selections for unit ${unitName} are due ${when}`,
    paragraphs: [
      `The deadline for the design selections of unit ${unitName} is ${deadline}${deadline.endsWith('.') ? '' : '.'}`,
      'Your selection has not been submitted yet. After the deadline it is locked, and the standard finishes are installed for anything left open.',
    ],
    action: { label: 'Finish my selections', url },
    footer: 'You receive this because you are a buyer of this unit.',
  });
}

export function selectionSubmittedMail({
  to,
  projectName,
  unitName,
  buyer,
  total,
  url,
}: {
  to: string;
  projectName: string;
  unitName: string;
  buyer: string;
  total: string;
  url: string;
}): Mail {
  return compose({
    to,
    projectName,
    subject: `Unit ${unitName}: selection submitted for approval`,
    paragraphs: [
      `${buyer} signed and submitted the design selection of unit ${unitName}, for an upgrades total of ${total}.`,
      'It is waiting for your approval.',
    ],
    action: { label: 'Review the selection', url },
    footer: 'You receive this because you manage this project.',
  });
}

/** To the buyer who signed: what they signed, the summary attached, and what happens next. */
export function selectionSignedMail({
  to,
  projectName,
  unitName,
  signer,
  total,
  contact,
  url,
  pdf,
  reviewBy,
}: {
  to: string;
  projectName: string;
  unitName: string;
  signer: string;
  total: string;
  contact: { name: string; email: string; phone: string; hours: string } | undefined;
  url: string;
  pdf: { filename: string; content: Buffer };
  /** The day the design centre's review is due, in the project's words ("Friday, November 27, 2026"). */
  reviewBy: string;
}): Mail {
  const reach =
    contact && (contact.email || contact.phone)
      ? [
          `Questions? ${[contact.name || 'The design centre', contact.email, contact.phone].filter(Boolean).join(' · ')}${contact.hours ? ` (${contact.hours})` : ''}.`,
        ]
      : [];
  return {
    ...compose({
      to,
      projectName,
      subject: `Unit ${unitName}: your signed selection`,
      paragraphs: [
        `${signer} signed and submitted the design selection of unit ${unitName}, for an upgrades total of ${total}. The signed summary is attached to this message.`,
        `What happens next: the design centre reviews your selection by ${reviewBy} and e-mails you when it is approved, or if something needs to change. Until then it cannot be changed.`,
        ...reach,
      ],
      action: { label: 'See your selection', url },
      footer: 'You receive this because you signed this selection.',
    }),
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  };
}

export type DecisionKind = 'approve' | 'return' | 'reopen' | 'extend';

/** What the design centre decided about a buyer's selection, and what the buyer should do next. */
export function selectionDecisionMail({
  to,
  projectName,
  unitName,
  kind,
  by,
  comment,
  total,
  fee,
  deadline,
  url,
}: {
  to: string;
  projectName: string;
  unitName: string;
  kind: DecisionKind;
  by: string;
  comment?: string | undefined;
  total: string;
  fee?: string | undefined;
  deadline?: string | undefined;
  url: string;
}): Mail {
  const said = comment ? [`${by} wrote: “${comment}”`] : [];
  const words: Record<DecisionKind, { subject: string; paragraphs: string[]; label: string }> = {
    approve: {
      subject: `Unit ${unitName}: your selection is approved`,
      paragraphs: [
        `${by} approved the design selection of unit ${unitName}, for an upgrades total of ${total}.`,
        ...said,
        'Nothing more is needed from you: the design centre orders your finishes.',
      ],
      label: 'See your selection',
    },
    return: {
      subject: `Unit ${unitName}: your selection needs a change`,
      paragraphs: [`${by} returned the design selection of unit ${unitName} to you.`, ...said, 'Make the change, then sign and submit it again.'],
      label: 'Open your selection',
    },
    reopen: {
      subject: `Unit ${unitName}: your selection is open for a change order`,
      paragraphs: [
        `${by} reopened the approved selection of unit ${unitName} so that it can be changed.`,
        ...said,
        ...(fee ? [`A change order fee of ${fee} is added to your total.`] : []),
        'Make your changes, then sign and submit it again: the approved selection stands until then.',
      ],
      label: 'Open your selection',
    },
    extend: {
      subject: `Unit ${unitName}: you have until ${deadline ?? 'later'} to choose`,
      paragraphs: [`${by} gave you until ${deadline ?? 'a later date'} to finish the design selection of unit ${unitName}.`, ...said],
      label: 'Continue choosing',
    },
  };
  const { subject, paragraphs, label } = words[kind];
  return compose({ to, projectName, subject, paragraphs, action: { label, url }, footer: 'You receive this because you are a buyer of this home.' });
}

export function existingAccountMail({ to, projectName, signInUrl }: { to: string; projectName: string; signInUrl: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `Someone tried to create an account with your address at ${projectName}`,
    paragraphs: [
      'Someone asked to create an account with this e-mail address, but you already have one, so nothing was changed.',
      'If it was you: sign in, or choose a new password from the sign-in page if you have forgotten it.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    footer: IGNORE,
  });
}

/** To every administrator: a project's screens met too many wrong pairing codes, and every code was drawn again (docs/displays.md, "Limits"). */
export function pairingCodeLimitMail({ to, projectName, screens, url }: { to: string; projectName: string; screens: number; url: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `${projectName}: too many wrong screen pairing codes`,
    paragraphs: [
      `More than 50 wrong pairing codes were typed for the sales-centre screens of ${projectName} within 10 minutes. The codes of its ${screens} free screen(s) were drawn again, and typed codes are refused for the rest of the 10 minutes; scanning a screen's QR code still works.`,
      'If nobody in the sales centre was struggling with a code, someone may be guessing. The screens and their events are in the platform back office.',
    ],
    action: { label: 'Open the screens', url },
    footer: 'You receive this as an administrator of the portal.',
  });
}

/** To a visitor of a sales centre: the look they built on a screen, as they asked (docs/displays.md, "The look goes home"). */
export function showroomLookMail({ to, projectName, lines, url }: { to: string; projectName: string; lines: string[]; url: string }): Mail {
  return compose({
    to,
    projectName,
    subject: `The look you built at ${projectName}`,
    paragraphs: ['Here is the look you built on the screen in our sales centre:', ...lines, 'Our design centre can help you make it yours.'],
    action: { label: `Visit ${projectName}`, url },
    footer: 'You receive this message once, because you asked for it on the screen. We do not add you to any list.',
  });
}

/** To the project's managers: a visitor asked about a home (or came back within 30 days). */
export function leadMail({
  to,
  projectName,
  person,
  returning,
  facts,
  message,
  url,
}: {
  to: string;
  projectName: string;
  person: string;
  returning: boolean;
  /** "Interested in: Plan A", "Budget: …", one line each, only what the visitor answered. */
  facts: string[];
  message: string;
  url: string;
}): Mail {
  return compose({
    to,
    projectName,
    subject: returning ? `Returning lead: ${person} asked again` : `New lead: ${person}`,
    paragraphs: [
      returning ? `${person} asked about a home again (they first asked within the last 30 days).` : `${person} asked about a home.`,
      ...facts,
      ...(message ? [`Their message: “${message}”`] : []),
    ],
    action: { label: 'Open the lead', url },
    footer: 'You receive this because you manage this project.',
  });
}
