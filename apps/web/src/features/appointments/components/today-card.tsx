import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatClock } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { todayQuery } from '../api/appointments.ts';

/** The dashboard's day at the design centre: today's meetings, and selections near their deadline with none booked. */
export function AppointmentsToday() {
  const t = useT();
  const dates = useDates();
  const { data } = useQuery(todayQuery);
  if (!data) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="appointments-today">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3}>{t('app.appointments.today-title')}</Title>
            <AnchorLink to="/manage/appointments" size="sm">
              {t('app.appointments.calendar')}
            </AnchorLink>
          </Group>
          {data.today.length === 0 && <Text c="dimmed">{t('app.appointments.none-today')}</Text>}
          {data.today.map((appointment) => (
            <Group key={appointment.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {formatClock(appointment.startsAt, dates.zone)} · {appointment.type.name}
                {appointment.unit ? ` · ${t('app.appointments.for-unit', { unit: appointment.unit.name })}` : ''}
              </Text>
              {appointment.cartId && (
                <AnchorLink to="/manage/carts/{-$id}" params={{ id: appointment.cartId }} size="sm">
                  {t('app.appointments.open-selection')}
                </AnchorLink>
              )}
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Title order={3}>{t('app.appointments.unbooked-title')}</Title>
          {data.unbooked.length === 0 && <Text c="dimmed">{t('app.appointments.none-unbooked')}</Text>}
          {data.unbooked.map((row) => (
            <Group key={row.cartId} justify="space-between" wrap="nowrap" data-testid="unbooked">
              <Text size="sm">
                {t('app.appointments.unbooked-row', {
                  unit: row.unitName,
                  buyers: row.buyers.join(', ') || '—',
                  date: dates.date(row.deadline),
                })}
              </Text>
              <AnchorLink to="/manage/carts/{-$id}" params={{ id: row.cartId }} size="sm">
                {t('app.appointments.book-for')}
              </AnchorLink>
            </Group>
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
