import { Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { cartAppointmentsQuery } from '../api/appointments.ts';

/** My home's glance at the design centre: the next meeting booked, or the way to book one. */
export function NextAppointment({ cartId }: { cartId: string }) {
  const t = useT();
  const dates = useDates();
  const { data: appointments } = useQuery(cartAppointmentsQuery(cartId));
  if (!appointments) return null;
  const next = appointments.find((a) => a.status === 'booked' && Date.parse(a.endsAt) > Date.now());
  return (
    <Card withBorder radius="md" padding="lg" data-testid="next-appointment">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('app.appointments.design-centre')}
          </Text>
          <Text fw={600}>
            {next
              ? t('app.appointments.next', {
                  type: next.type.name,
                  when: dates.dateTime(next.startsAt, { weekday: true }),
                })
              : t('app.appointments.none-yet')}
          </Text>
        </Stack>
        <LinkButton to="/appointments" variant={next ? 'default' : 'filled'}>
          {next ? t('app.appointments.see') : t('app.appointments.book')}
        </LinkButton>
      </Group>
    </Card>
  );
}
