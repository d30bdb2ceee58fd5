import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay, isoCalendarDay, isoDayOf, type Appointment } from '@decor/core';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useSave } from './use-save.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { calendarQuery, consultantsQuery, recordOutcome } from '../api/appointments.ts';
import { AppointmentCard } from './appointment-card.tsx';

const DAY = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The Monday of a day's week. */
const mondayOf = (day: string) => dayAfter(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The design centre's calendar (docs/appointments.md, "The design centre"): a day or a week of
 * the project's calendar, every consultant's meetings or one consultant's, each opening its
 * selection; a meeting that started is marked done or missed with a staff note.
 */
export function DesignCentreCalendar({ initialDay }: { initialDay?: string }) {
  const t = useT();
  const dates = useDates();
  const today = isoDayOf(new Date(), dates.zone.timeZone ?? 'UTC');
  const [view, setView] = useState<'week' | 'day'>('week');
  const [day, setDay] = useState(initialDay ?? today);
  const [consultant, setConsultant] = useState<string | null>(null);
  const { data: consultants = [] } = useQuery(consultantsQuery);
  const from = view === 'week' ? mondayOf(day) : day;
  const days = view === 'week' ? 7 : 1;
  const { data: appointments, isLoading } = useQuery(calendarQuery({ from, days, consultant }));
  const shown = (appointments ?? []).filter((a) => a.status !== 'cancelled');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button
            variant="default"
            size="sm"
            onClick={() => setDay(dayAfter(day, -days))}
            aria-label={t('app.appointments.previous')}
          >
            ‹
          </Button>
          <Button variant="default" size="sm" onClick={() => setDay(today)}>
            {t('app.appointments.today')}
          </Button>
          <Button
            variant="default"
            size="sm"
            onClick={() => setDay(dayAfter(day, days))}
            aria-label={t('app.appointments.following')}
          >
            ›
          </Button>
          <Text fw={600} data-testid="calendar-range">
            {view === 'week'
              ? t('app.appointments.week-of', { date: formatCalendarDay(isoCalendarDay(from), dates.zone.locale) })
              : formatCalendarDay(isoCalendarDay(from), dates.zone.locale)}
          </Text>
        </Group>
        <Group gap="sm">
          <Select
            aria-label={t('app.appointments.consultant')}
            data={[
              { value: '', label: t('app.appointments.whole-centre') },
              ...consultants.map((c) => ({ value: c.id, label: c.name })),
            ]}
            value={consultant ?? ''}
            onChange={(value) => setConsultant(value || null)}
            allowDeselect={false}
            w={220}
          />
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value as 'week' | 'day')}
            data={[
              { value: 'week', label: t('app.appointments.week') },
              { value: 'day', label: t('app.appointments.day') },
            ]}
          />
        </Group>
      </Group>
      {isLoading ? (
        <Skeleton h={300} radius="md" />
      ) : (
        Array.from({ length: days }, (_, i) => dayAfter(from, i)).map((date) => {
          const ofDay = shown.filter((a) => isoDayOf(a.startsAt, dates.zone.timeZone ?? 'UTC') === date);
          if (view === 'week' && ofDay.length === 0) return null;
          return (
            <Stack key={date} gap="xs" data-testid="calendar-day">
              <Title order={4} c={date === today ? 'blue.8' : undefined}>
                {formatCalendarDay(isoCalendarDay(date), dates.zone.locale)}
              </Title>
              {ofDay.length === 0 && <Text c="dimmed">{t('app.appointments.free-day')}</Text>}
              {ofDay.map((appointment) => (
                <StaffAppointment key={appointment.id} appointment={appointment} />
              ))}
            </Stack>
          );
        })
      )}
      {!isLoading && view === 'week' && shown.length === 0 && <Text c="dimmed">{t('app.appointments.free-week')}</Text>}
    </Stack>
  );
}

/** A meeting on the staff's calendar: the selection it is about, and its outcome once it started. */
export function StaffAppointment({ appointment }: { appointment: Appointment }) {
  const t = useT();
  return (
    <AppointmentCard appointment={appointment} isStaff>
      {appointment.unit && <Text size="sm">{t('app.appointments.for-unit', { unit: appointment.unit.name })}</Text>}
      {appointment.note && (
        <Text size="sm" c="dimmed">
          {t('app.appointments.note', { note: appointment.note })}
        </Text>
      )}
      <Group gap="xs">
        {appointment.cartId && (
          <LinkButton to="/manage/carts/{-$id}" params={{ id: appointment.cartId }} size="sm" variant="light">
            {t('app.appointments.open-selection')}
          </LinkButton>
        )}
      </Group>
      <Outcome appointment={appointment} />
    </AppointmentCard>
  );
}

/** Done or missed, with a note only the staff read: once the meeting has started. */
function Outcome({ appointment }: { appointment: Appointment }) {
  const t = useT();
  const [note, setNote] = useState('');
  const { error, run } = useSave();
  if (appointment.status !== 'booked' || Date.parse(appointment.startsAt) > Date.now()) return null;
  const save = (status: 'done' | 'no_show') => run(() => recordOutcome(appointment.id, { status, note }));
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Textarea
          label={t('app.appointments.outcome-note')}
          value={note}
          maxLength={4000}
          autosize
          minRows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="sm" variant="default" onClick={() => void save('no_show')}>
            {t('app.appointments.mark-missed')}
          </Button>
          <Button size="sm" onClick={() => void save('done')}>
            {t('app.appointments.mark-done')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
