import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Appointment, AppointmentStatus } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useSave } from './use-save.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { cancelAppointment } from '../api/appointments.ts';

export const STATUS_COLOURS: Record<AppointmentStatus, string> = {
  booked: 'blue',
  done: 'green',
  no_show: 'orange',
  cancelled: 'gray',
};

/** Whether a person may still move or cancel a meeting: the staff while it is booked, buyers until its cut-off. */
export const isChangeable = (appointment: Appointment, isStaff: boolean, now = Date.now()) =>
  appointment.status === 'booked' &&
  (isStaff || (appointment.changeUntil !== null && Date.parse(appointment.changeUntil) > now));

/**
 * One meeting (docs/appointments.md): its kind, moment in the project's zone, consultant, place,
 * who is invited and its status; moving and cancelling while the reader may, and what the page
 * adds (the staff's outcome, the selection's link).
 */
export function AppointmentCard({
  appointment,
  isStaff = false,
  onMove,
  children,
}: {
  appointment: Appointment;
  isStaff?: boolean;
  onMove?: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  const { error, run } = useSave();
  const changeable = isChangeable(appointment, isStaff);
  const cancel = () => run(() => cancelAppointment(appointment.id));
  return (
    <Card withBorder radius="md" padding="md" data-testid="appointment">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={700}>{appointment.type.name}</Text>
            <Text data-testid="appointment-when">{dates.dateTime(appointment.startsAt, { weekday: true })}</Text>
          </Stack>
          <Badge color={STATUS_COLOURS[appointment.status]} variant="light" style={{ flexShrink: 0 }}>
            {t('app.appointments.status', { status: appointment.status })}
          </Badge>
        </Group>
        <Text size="sm">
          {t('app.appointments.with', {
            consultant: appointment.consultant.name,
            minutes: appointment.type.lengthMinutes,
          })}
        </Text>
        {appointment.consultant.place && <Text size="sm">{appointment.consultant.place}</Text>}
        {appointment.consultant.videoUrl && (
          <Anchor size="sm" href={appointment.consultant.videoUrl} target="_blank" rel="noopener noreferrer">
            {t('app.appointments.video')}
          </Anchor>
        )}
        {appointment.attendees.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('app.appointments.invited', {
              people: appointment.attendees.map((person) => person.name || person.email).join(', '),
            })}
          </Text>
        )}
        {appointment.fee > 0 && (
          <Text size="sm" c="dimmed">
            {t('app.appointments.fee', { fee: money(appointment.fee) })}
          </Text>
        )}
        {appointment.status === 'booked' && appointment.changeUntil && !isStaff && (
          <Text size="xs" c="dimmed">
            {changeable
              ? t('app.appointments.change-until', { when: dates.dateTime(appointment.changeUntil) })
              : t('app.appointments.change-closed')}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {children}
        {changeable && (
          <Group gap="xs" mt={4}>
            {onMove && (
              <Button variant="light" size="sm" onClick={onMove}>
                {t('app.appointments.move')}
              </Button>
            )}
            <TwoClickDelete
              size="sm"
              onConfirm={() => void cancel()}
              confirmLabel={t('app.appointments.cancel-confirm')}
            >
              {t('app.appointments.cancel')}
            </TwoClickDelete>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
