import { Badge, Tooltip } from '@mantine/core';
import type { MailEntry } from '@decor/core';

const LABEL: Record<MailEntry['status'], string> = { sent: 'Mailed', outbox: 'In the outbox', failed: 'Mail refused' };
const COLOUR: Record<MailEntry['status'], string> = { sent: 'teal', outbox: 'gray', failed: 'red' };

/**
 * How a mail went, in a word: handed to the mail server, kept in the development outbox, or
 * refused — with the server's reason beside it, since a refusal is what a design centre acts on.
 */
export function MailStatus({ mail, when }: { mail: MailEntry; when: (iso: string) => string }) {
  return (
    <Tooltip label={mail.error ?? `${mail.subject} · ${when(mail.at)}`} multiline w={280} withArrow>
      <Badge color={COLOUR[mail.status]} variant="light" data-testid="mail-status" data-status={mail.status} style={{ flexShrink: 0 }}>
        {LABEL[mail.status]}
      </Badge>
    </Tooltip>
  );
}

/** The sentence a manager reads when an invitation could not be mailed (the link exists all the same). */
export function refusalSentence(email: string | null, mail: MailEntry): string {
  return `The mail server refused the invitation to ${email ?? 'this address'}: ${mail.error ?? 'no reason given'}. The link was made: copy it and send it another way, or check the address.`;
}
