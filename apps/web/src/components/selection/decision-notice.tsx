import { Alert, Text } from '@mantine/core';
import { changeOrderNumber, reviewDueBy, type DesignCentreContact } from '@decor/core';
import type { Dates } from '../../lib/use-dates.ts';

interface Entry {
  status: string;
  action?: string | undefined;
  at: string;
  byName?: string | undefined;
  comment?: string | undefined;
  fee?: number | undefined;
  deadline?: string | undefined;
}

/** A sentence's full stop, unless it already ends with one (a time such as "11:44 a.m."). */
const stop = (text: string) => (text.endsWith('.') ? text : `${text}.`);

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
  const date = (iso: string) => dates.dateTime(iso);
  const last = history.at(-1);
  const who = last?.byName || 'The design centre';
  const reach =
    contact && (contact.email || contact.phone) ? (
      <Text size="sm" mt={4}>
        Questions? {contact.name || 'The design centre'}
        {contact.email ? ` · ${contact.email}` : ''}
        {contact.phone ? ` · ${contact.phone}` : ''}
        {contact.hours ? ` (${contact.hours})` : ''}
      </Text>
    ) : null;
  const comment = last?.comment ? (
    <Text size="sm" fs="italic" mt={4}>
      “{last.comment}”
    </Text>
  ) : null;

  if (status === 'approved') {
    const approval = [...history].reverse().find((e) => e.action === 'approve' || e.status === 'approved');
    return (
      <Alert color="green" title="Approved" data-testid="decision-notice">
        <Text size="sm">
          {approval ? stop(`${approval.byName || 'The design centre'} approved your selection on ${date(approval.at)}`) : 'Your selection is approved.'} Nothing
          more is needed from you: the design centre orders your finishes.
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (status === 'submitted') {
    return (
      <Alert color="blue" title="Submitted: waiting for review" data-testid="decision-notice">
        <Text size="sm">
          {stop(`You signed and submitted your selection${last ? ` on ${date(last.at)}` : ''}`)} The design centre reviews it
          {last ? <b data-testid="review-by"> by {dates.day(reviewDueBy(new Date(last.at), reviewDays, dates.zone.timeZone))}</b> : null} and e-mails you when
          it is approved, or if something needs to change. Until then it cannot be changed.
        </Text>
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'return') {
    return (
      <Alert color="orange" title="Returned to you: a change is needed" data-testid="decision-notice">
        <Text size="sm">
          {stop(`${who} returned your selection on ${date(last.at)}`)}{' '}
          {stop(`Make the change asked for below, then sign and submit it again${deadline ? ` before ${date(deadline)}` : ''}`)}
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'reopen') {
    return (
      <Alert color="blue" title={`Change order ${changeOrderNumber(revision) ?? 1}`} data-testid="decision-notice">
        <Text size="sm">
          {who} reopened your approved selection on {date(last.at)} so that it can be changed.
          {last.fee ? ` A change order fee of ${money(last.fee)} is added to your total.` : ''}{' '}
          {stop(`Make your changes, then sign and submit again${deadline ? ` before ${date(deadline)}` : ''}`)}
        </Text>
        {comment}
        {reach}
      </Alert>
    );
  }
  if (last?.action === 'extend' && deadline) {
    return (
      <Alert color="blue" title="More time to choose" data-testid="decision-notice">
        <Text size="sm">
          {who} gave you until {date(deadline)} to finish your selection.
        </Text>
        {comment}
      </Alert>
    );
  }
  return null;
}
