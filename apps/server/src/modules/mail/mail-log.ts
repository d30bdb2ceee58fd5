import type { MailEntry } from '@decor/core';

/** A logged mail as the back office shows it (docs/back-office.md, "Buyers"). */
export function mailEntry(mail: {
  subject: string;
  status: MailEntry['status'];
  error: string | null;
  at: Date;
}): MailEntry {
  return { subject: mail.subject, status: mail.status, error: mail.error, at: mail.at.toISOString() };
}
