import { useState } from 'react';
import { Alert, Button, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { appointmentTypesQuery, cartAppointmentsQuery } from '../api/appointments.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { SlotPicker } from './slot-picker.tsx';

/**
 * A selection's meetings with the design centre and how to book one (docs/appointments.md):
 * for its buyers on `/appointments`, and for the staff booking by phone on the selection's page.
 */
export function SelectionAppointments({
  cartId,
  isStaff = false,
  renderExtra,
}: {
  cartId: string;
  isStaff?: boolean;
  /** What the page adds under each meeting (the staff's outcome). */
  renderExtra?: (appointment: Appointment) => React.ReactNode;
}) {
  const t = useT();
  const dates = useDates();
  const { data: appointments, isLoading } = useQuery(cartAppointmentsQuery(cartId));
  const { data: types = [] } = useQuery(appointmentTypesQuery);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  if (isLoading || !appointments) return <Skeleton h={200} radius="md" />;

  const now = Date.now();
  const upcoming = appointments.filter((a) => a.status === 'booked' && Date.parse(a.endsAt) > now);
  const past = appointments.filter((a) => !upcoming.includes(a) && a.status !== 'cancelled');
  const bookable = types.filter((type) => type.active);
  const chosen = moving
    ? types.find((type) => type.id === moving.type.id)
    : bookable.find((type) => type.id === typeId);
  const done = (appointment: Appointment) => {
    setBooked(appointment);
    setMoving(null);
    setTypeId(null);
  };

  return (
    <Stack gap="lg">
      {booked && (
        <Alert color="green" role="status" withCloseButton onClose={() => setBooked(null)} data-testid="booked">
          {t('app.appointments.booked', {
            type: booked.type.name,
            when: dates.dateTime(booked.startsAt, { weekday: true }),
          })}
        </Alert>
      )}
      <Stack gap="sm">
        <Title order={3}>{t('app.appointments.upcoming')}</Title>
        {upcoming.length === 0 && <Text c="dimmed">{t('app.appointments.none-upcoming')}</Text>}
        {upcoming.map((appointment) => (
          <AppointmentCard
            key={appointment.id}
            appointment={appointment}
            isStaff={isStaff}
            onMove={() => (setMoving(appointment), setBooked(null))}
          >
            {renderExtra?.(appointment)}
          </AppointmentCard>
        ))}
      </Stack>

      <Stack gap="sm">
        <Title order={3}>{moving ? t('app.appointments.move-title') : t('app.appointments.book-title')}</Title>
        {!moving && bookable.length === 0 && <Text c="dimmed">{t('app.appointments.no-kinds')}</Text>}
        {!moving && bookable.length > 0 && (
          <Radio.Group
            value={typeId}
            onChange={(value) => (setTypeId(value), setBooked(null))}
            label={t('app.appointments.kind')}
          >
            <Stack gap={6} mt={6}>
              {bookable.map((type) => (
                <Radio
                  key={type.id}
                  value={type.id}
                  label={type.name}
                  description={t('app.appointments.length', { minutes: type.lengthMinutes })}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {moving && (
          <Group>
            <Text>
              {t('app.appointments.moving', {
                type: moving.type.name,
                when: dates.dateTime(moving.startsAt, { weekday: true }),
              })}
            </Text>
            <Button variant="default" size="xs" onClick={() => setMoving(null)}>
              {t('app.appointments.keep')}
            </Button>
          </Group>
        )}
        {chosen && (
          <SlotPicker
            key={`${chosen.id}${moving?.id ?? ''}`}
            cartId={cartId}
            type={chosen}
            {...(moving ? { moving } : {})}
            onDone={done}
          />
        )}
      </Stack>

      {past.length > 0 && (
        <Stack gap="sm">
          <Title order={3}>{t('app.appointments.past')}</Title>
          {past.map((appointment) => (
            <AppointmentCard key={appointment.id} appointment={appointment} isStaff={isStaff}>
              {renderExtra?.(appointment)}
            </AppointmentCard>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
