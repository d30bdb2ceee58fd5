import { Badge } from '@mantine/core';
import { formatList } from '@decor/core';
import { useT } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/language.ts';

/** A unit's buyers whose latest mail the mail server refused (docs/back-office.md, "Buyers"): said beside them, named for screen readers. */
export function MailRefusedBadge({ emails }: { emails: string[] }) {
  const t = useT();
  const { locale } = useLanguage();
  if (!emails.length) return null;
  return (
    <Badge
      color="red"
      variant="light"
      size="sm"
      title={t('app.mail-refused.badge-label', { emails: formatList(emails, locale) })}
      data-testid="mail-refused"
    >
      {t('app.mail-refused.badge')}
    </Badge>
  );
}
