/**
 * The front door of mail and its templates: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { mailsOfProjectTo, recentMailFailures, refusedAddresses } from './mail.repo.ts';
export { mailEntry } from './mail-log.ts';
export { createMailer, type Mail, type MailJobInput, type Mailer, trackedMailer } from './mailer.ts';
export { readerFor, readerOf, readersOf, type Reader } from './readers.ts';
export {
  appointmentMail,
  type AppointmentMailKind,
  changeEmailMail,
  commentDigestMail,
  deadlinePassedMail,
  deadlineReminderMail,
  type DecisionKind,
  existingAccountMail,
  invitationMail,
  type LeadFacts,
  leadMail,
  oneTimeCodeMail,
  pairingCodeLimitMail,
  paymentReminderMail,
  receiptMail,
  resetPasswordMail,
  selectionDecisionMail,
  selectionSignedMail,
  selectionSubmittedMail,
  showroomLookMail,
  signAgainMail,
  verificationMail,
  webhookDisabledMail,
} from './templates.ts';
