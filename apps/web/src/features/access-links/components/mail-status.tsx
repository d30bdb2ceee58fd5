import { Badge, Tooltip } from '@mantine/core';
import type { MailEntry, Translate } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';

const COLOUR: Record<MailEntry['status'], string> = { sent: 'teal', outbox: 'gray', failed: 'red' };

/**
 * How a mail went, in a word: handed to the mail server, kept in the development outbox, or
 * refused — with the server's reason beside it, since a refusal is what a design centre acts on.
 */
export function MailStatus({ mail, when }: { mail: MailEntry; when: (iso: string) => string }) {
  const t = useT();
  return (
    <Tooltip label={mail.error ?? `${mail.subject} · ${when(mail.at)}`} multiline w={280} withArrow>
      <Badge
        color={COLOUR[mail.status]}
        variant="light"
        data-testid="mail-status"
        data-status={mail.status}
        style={{ flexShrink: 0 }}
      >
        {t(`app.mail.${mail.status}`)}
      </Badge>
    </Tooltip>
  );
}

/** The sentence a manager reads when an invitation could not be mailed (the link exists all the same). */
export function refusalSentence(t: Translate, email: string | null, mail: MailEntry): string {
  return t('app.mail.refused', {
    email: email ?? t('app.mail.this-address'),
    reason: mail.error ?? t('app.mail.no-reason'),
  });
}
