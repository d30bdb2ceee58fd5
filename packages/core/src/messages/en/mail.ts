/**
 * What the portal's mails say (subjects, bodies, buttons, footers), in English. Each mail goes
 * out in its recipient's language (docs/languages.md, "Mails and documents").
 */
export const EN_MAIL = {
  'mail.ignore': 'If you did not ask for this, you can ignore this message.',
  'mail.or-open': 'Or open this address: {url}',
  'mail.personal-link': 'This link is personal: please do not forward it.',
  'mail.for-managers': 'You receive this because you manage this project.',
  'mail.for-buyers': 'You receive this because you are a buyer of this home.',

  'mail.verify.subject': 'Confirm your e-mail address for {project}',
  'mail.verify.body':
    'Welcome! Please confirm that this is your e-mail address, so that we can reach you about your home.',
  'mail.verify.action': 'Confirm my e-mail address',
  'mail.reset.subject': 'Choose a new password for {project}',
  'mail.reset.body': 'Someone asked to reset the password of this account. The link works for one hour.',
  'mail.reset.action': 'Choose a new password',
  'mail.code.subject': 'Your sign-in code for {project}: {code}',
  'mail.code.body': 'Enter this code on the sign-in page. It works once, for five minutes.',
  'mail.change-email.subject': 'Confirm the change of your e-mail address for {project}',
  'mail.change-email.body':
    'Someone asked to change the e-mail address of this account to {email}. Confirm it, and we will then check the new address.',
  'mail.change-email.action': 'Confirm the change',
  'mail.existing.subject': 'Someone tried to create an account with your address at {project}',
  'mail.existing.body':
    'Someone asked to create an account with this e-mail address, but you already have one, so nothing was changed.',
  'mail.existing.body-2':
    'If it was you: sign in, or choose a new password from the sign-in page if you have forgotten it.',
  'mail.existing.action': 'Sign in',

  'mail.invite-manager.subject': 'You are invited to run the design centre of {project}',
  'mail.invite-manager.body':
    'You are invited as a manager of {project}: the catalogue, the units and their buyers, and every selection to review and approve.',
  'mail.invite-manager.body-2': 'Follow the link to arrive in the back office; you choose your password on the way.',
  'mail.invite-manager.action': 'Open the back office',
  'mail.invite-co-buyer.subject': '{inviter} invites you to choose the finishes of your home at {project}',
  'mail.invite-co-buyer.body': '{inviter} is buying unit {unit} with you and invites you to its design selection.',
  'mail.invite-co-buyer.body-2':
    'You will share one selection: you both see and change the same choices, talk with the design centre in one conversation, and each of you signs it.',
  'mail.invite-co-buyer.action': 'Open our selection',
  'mail.invite.subject': 'You are invited to choose the finishes of your home at {project}',
  'mail.invite.body-unit':
    'Your design selections for unit {unit} are open. Follow the link to sign in and start choosing.',
  'mail.invite.body': 'You have been given access to the selection portal. Follow the link to sign in.',
  'mail.invite.action': 'Open the portal',

  'mail.reminder.subject': 'Your selections for unit {unit} are due {days, plural, one {tomorrow} other {in # days}}',
  'mail.reminder.body': 'The deadline for the design selections of unit {unit} is {deadline}.',
  'mail.reminder.body-2':
    'Your selection has not been submitted yet. After the deadline it is locked, and the standard finishes are installed for anything left open.',
  'mail.reminder.action': 'Finish my selections',

  'mail.submitted.subject': 'Unit {unit}: selection submitted for approval',
  'mail.submitted.body':
    '{buyer} signed and submitted the design selection of unit {unit}, for an upgrades total of {total}.',
  'mail.submitted.body-2': 'It is waiting for your approval.',
  'mail.submitted.action': 'Review the selection',

  'mail.receipt.subject':
    'Unit {unit}: {kind, select, payment {receipt} refund {refund receipt} credit {credit note} other {receipt}} {number, number}',
  'mail.receipt.body':
    '{kind, select, payment {We received {amount} for your selection of unit {unit}.} refund {We refunded {amount} on your selection of unit {unit}.} credit {We credited {amount} to your selection of unit {unit}.} other {An entry of {amount} was recorded on your selection of unit {unit}.}} Left to pay: {balance}. Your receipt is attached.',
  'mail.receipt.action': 'See your payments',
  'mail.receipt.footer': 'Keep this receipt with your purchase documents.',
  'mail.payment-due.subject':
    'Unit {unit}: {what} of {amount} {overdue, select, yes {was due {day}} other {is due {day}}}',
  'mail.payment-due.body':
    '{overdue, select, yes {The {what} for unit {unit}, {amount}, was due {day} and has not been received yet.} other {The {what} for unit {unit}, {amount}, is due {day}.}}',
  'mail.payment-due.body-2':
    'Your selection’s page shows how to pay and what you have paid so far. If you have just paid, thank you: you can ignore this message.',
  'mail.payment-due.action': 'See how to pay',
  'mail.signed.subject': 'Unit {unit}: your signed selection',
  'mail.signed.body':
    '{signer} signed and submitted the design selection of unit {unit}, for an upgrades total of {total}. The signed summary is attached to this message.',
  'mail.signed.next':
    'What happens next: the design centre reviews your selection by {reviewBy} and e-mails you when it is approved, or if something needs to change. Until then it cannot be changed.',
  'mail.signed.questions': 'Questions? {contact}.',
  'mail.signed.design-centre': 'The design centre',
  'mail.signed.action': 'See your selection',
  'mail.signed.footer': 'You receive this because you signed this selection.',

  'mail.decision.wrote': '{name} wrote: “{comment}”',
  'mail.approve.subject': 'Unit {unit}: your selection is approved',
  'mail.approve.body': '{by} approved the design selection of unit {unit}, for an upgrades total of {total}.',
  'mail.approve.next': 'Nothing more is needed from you: the design centre orders your finishes.',
  'mail.approve.action': 'See your selection',
  'mail.return.subject': 'Unit {unit}: your selection needs a change',
  'mail.return.body': '{by} returned the design selection of unit {unit} to you.',
  'mail.return.next': 'Make the change, then sign and submit it again.',
  'mail.return.action': 'Open your selection',
  'mail.reopen.subject': 'Unit {unit}: your selection is open for a change order',
  'mail.reopen.body': '{by} reopened the approved selection of unit {unit} so that it can be changed.',
  'mail.reopen.fee': 'A change order fee of {fee} is added to your total.',
  'mail.reopen.next': 'Make your changes, then sign and submit it again: the approved selection stands until then.',
  'mail.reopen.deadline': 'Sign it again by {deadline}.',
  'mail.reopen.action': 'Open your selection',
  'mail.extend.subject': 'Unit {unit}: you have until {deadline} to choose',
  'mail.extend.body': '{by} gave you until {deadline} to finish the design selection of unit {unit}.',
  'mail.extend.action': 'Continue choosing',

  'mail.webhook-disabled.subject': '{project}: a webhook endpoint was turned off',
  'mail.webhook-disabled.body':
    'Every delivery to {endpoint} has failed for a day, so the portal stopped sending to it.',
  'mail.webhook-disabled.body-2':
    'The events it missed are kept for three days: once the receiving system answers again, turn the endpoint back on and they are delivered in order.',
  'mail.webhook-disabled.action': 'Open the integrations',
  'mail.webhook-disabled.footer': 'You receive this as a manager of the project.',
  'mail.pairing-limit.subject': '{project}: too many wrong screen pairing codes',
  'mail.pairing-limit.body':
    'More than 50 wrong pairing codes were typed for the sales-centre screens of {project} within 10 minutes. The codes of its {screens, plural, one {# free screen} other {# free screens}} were drawn again, and typed codes are refused for the rest of the 10 minutes; scanning a screen’s QR code still works.',
  'mail.pairing-limit.body-2':
    'If nobody in the sales centre was struggling with a code, someone may be guessing. The screens and their events are in the platform back office.',
  'mail.pairing-limit.action': 'Open the screens',
  'mail.pairing-limit.footer': 'You receive this as an administrator of the portal.',

  'mail.look.subject': 'The look you built at {project}',
  'mail.look.body': 'Here is the look you built on the screen in our sales centre:',
  'mail.look.body-2': 'Our design centre can help you make it yours.',
  'mail.look.action': 'Ask the design centre',
  'mail.look.footer':
    'You receive this message once, because you asked for it on the screen. Our sales team received your address and this look too, to answer your questions; we send you no newsletter.',

  'mail.lead.subject': 'New lead: {person}',
  'mail.lead.subject-returning': 'Returning lead: {person} asked again',
  'mail.lead.body': '{person} asked about a home.',
  'mail.lead.body-returning': '{person} asked about a home again (they first asked within the last 30 days).',
  'mail.lead.message': 'Their message: “{message}”',
  'mail.lead.action': 'Open the lead',
  'mail.lead.interest': 'Interested in: {value}',
  'mail.lead.budget': 'Budget: {value}',
  'mail.lead.timeline': 'Timeline: {value}',
  'mail.lead.agent': 'Working with an agent: {agent, select, yes {yes} other {no}}',
  'mail.lead.contact': 'Prefers to be contacted by {by, select, phone {phone ({value})} other {e-mail ({value})}}',
  'mail.lead.campaign': 'Campaign: {value}',
  'mail.lead.code': 'Code: {value}',
  'mail.digest.subject':
    '{count, plural, one {# new message} other {# new messages}} about {units, plural, one {your home} other {# homes}}',
  'mail.digest.body': 'You have messages you have not read yet:',
  'mail.digest.line': 'Unit {unit}, {author}: “{excerpt}”',
  'mail.digest.more': '…and {count, plural, one {# more message} other {# more messages}}.',
  'mail.digest.action': 'Read and answer',
  'mail.digest.footer':
    'You receive at most one of these an hour. To stop them, turn off “Mail me about unread messages” on your account page: {url}',
  'mail.reminder-passed.subject': 'The deadline for unit {unit} has passed',
  'mail.reminder-passed.body':
    'The deadline for the design selections of unit {unit} was {deadline}, and your selection was not submitted. It is now locked: the standard finishes are installed for anything left open.',
  'mail.reminder-passed.body-2': 'If you need more time, ask the design centre: they can extend it.',
  'mail.reminder-passed.action': 'See my selection',
  'mail.resign.subject': 'Unit {unit}: sign your selection again',
  'mail.resign.body':
    'The selection of unit {unit} changed after it was signed. Every buyer of the home signs it, so the signatures given so far were set aside: each buyer signs the selection as it now is.',
  'mail.resign.action': 'Review and sign',
  'mail.appointment.subject':
    '{kind, select, booked {Booked: {type}, {when}} moved {Moved: {type}, now {when}} cancelled {Cancelled: {type}, {when}} day {Tomorrow: {type}, {when}} soon {Soon: {type}, {when}} other {{type}, {when}}}',
  'mail.appointment.body':
    '{kind, select, booked {Your {type} with the design centre is booked for {when}.} moved {Your {type} with the design centre moved to {when}.} cancelled {Your {type} with the design centre on {when} is cancelled.} day {A reminder: your {type} with the design centre is tomorrow, {when}.} soon {A reminder: your {type} with the design centre starts at {when}.} other {Your {type} with the design centre: {when}.}}',
  'mail.appointment.staff-body':
    '{kind, select, booked {{type} booked for unit {unit}: {when}.} moved {{type} of unit {unit} moved to {when}.} cancelled {{type} of unit {unit} on {when} is cancelled.} day {Tomorrow: {type} with unit {unit}, {when}.} soon {Soon: {type} with unit {unit}, {when}.} other {{type} with unit {unit}: {when}.}}',
  'mail.appointment.with': 'With {consultant}, for unit {unit}. Invited: {people}.',
  'mail.appointment.place': 'Where: {place}',
  'mail.appointment.video': 'By video: {url}',
  'mail.appointment.prepare':
    'Your consultant opens the meeting with your choices so far: the more you have chosen, the more time you have for what is left.',
  'mail.appointment.calendar':
    'The attached invitation adds it to your calendar; a change or a cancellation updates it.',
  'mail.appointment.action': 'See your appointment',
  'mail.appointment.staff-action': 'Open the selection',
  'mail.appointment.staff-footer': 'You receive this because you are the consultant of this appointment.',
} as const;
