import { Alert, Text } from '@mantine/core';
import { changeOrderNumber, reviewDueBy, type DesignCentreContact } from '@decor/core';
import type { Dates } from '../../lib/use-dates.ts';
import { useT } from '../../lib/i18n.ts';
import { RichText } from '../ui/rich-text.tsx';

interface Entry {
  status: string;
  action?: string | undefined;
  at: string;
  byName?: string | undefined;
  comment?: string | undefined;
  fee?: number | undefined;
  deadline?: string | undefined;
}

/** One full stop where a sentence ends on a time that has its own ("11:44 a.m.."). */
const tidy = (text: string) => text.replace(/\.\.(?=\s|$)/g, '.');

/**
 * What last happened to the buyer's selection and what they do next (docs/screens.md,
 * "My selection"): returned with the design centre's comment, approved by whom and when,
 * reopened as a change order, a new deadline, or waiting for review, with how to reach
 * the design centre.
 */
export function DecisionNotice({
  status,
  history,
  revision,
  deadline,
  contact,
  money,
  dates,
  reviewDays,
}: {
  status: string;
  history: readonly Entry[];
  revision: number;
  deadline: string | null;
  contact: DesignCentreContact | undefined;
  money: (minor: number) => string;
  /** The project's dates (lib/use-dates.ts). */
  dates: Dates;
  /** Business days the design centre takes to review (the project's setting). */
  reviewDays?: number | undefined;
}) {
  const t = useT();
  const date = (iso: string) => dates.dateTime(iso);
  const last = history.at(-1);
  const who = last?.byName || t('app.decision.design-centre');
  const reach =
    contact && (contact.email || contact.phone) ? (
      <Text size="sm" mt={4}>
        {t('app.decision.questions', {
          contact: `${[contact.name || t('app.decision.design-centre'), contact.email, contact.phone].filter(Boolean).join(' · ')}${contact.hours ? ` (${contact.hours})` : ''}`,
        })}
      </Text>
    ) : null;
  const comment = last?.comment ? (
    <Text size="sm" fs="italic" mt={4}>
      {t('app.decision.comment', { comment: last.comment })}
    </Text>
  ) : null;

  if (status === 'approved') {
    const approval = [...history].reverse().find((e) => e.action === 'approve' || e.status === 'approved');
    return (
      <Alert color="green" title={t('app.decision.approved')} data-testid="decision-notice">
        <Text size="sm">
          {approval
            ? tidy(
                t('app.decision.approved-by', {
                  who: approval.byName || t('app.decision.design-centre'),
                  date: date(approval.at),
                }),
              )
            : t('app.decision.approved-plain')}
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (status === 'submitted') {
    return (
      <Alert color="blue" title={t('app.decision.submitted')} data-testid="decision-notice">
        <Text size="sm">
          {last ? tidy(t('app.decision.submitted-on', { date: date(last.at) })) : t('app.decision.submitted-plain')}{' '}
          <RichText
            text={t('app.decision.review-by', {
              day: last ? dates.day(reviewDueBy(new Date(last.at), reviewDays, dates.zone.timeZone)) : '—',
            })}
            tags={{ b: (chunk) => <b data-testid="review-by">{chunk}</b> }}
          />
        </Text>
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'return') {
    return (
      <Alert color="orange" title={t('app.decision.returned')} data-testid="decision-notice">
        <Text size="sm">
          {tidy(
            `${t('app.decision.returned-by', { who, date: date(last.at) })} ${deadline ? t('app.decision.make-change-before', { date: date(deadline) }) : t('app.decision.make-change')}`,
          )}
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'reopen') {
    return (
      <Alert
        color="blue"
        title={t('app.review.change-order', { number: changeOrderNumber(revision) ?? 1 })}
        data-testid="decision-notice"
      >
        <Text size="sm">
          {tidy(
            [
              t('app.decision.reopened', { who, date: date(last.at) }),
              last.fee ? t('app.decision.fee', { fee: money(last.fee) }) : '',
              deadline
                ? t('app.decision.make-changes-before', { date: date(deadline) })
                : t('app.decision.make-changes'),
            ]
              .filter(Boolean)
              .join(' '),
          )}
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'extend' && deadline) {
    return (
      <Alert color="blue" title={t('app.decision.more-time')} data-testid="decision-notice">
        <Text size="sm">{tidy(t('app.decision.extended', { who, date: date(deadline) }))}</Text>
        {comment}
      </Alert>
    );
  }
  return null;
}
