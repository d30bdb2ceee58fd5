import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  describeTimeZone,
  formatClock,
  isoDayOf,
  type Appointment,
  type AppointmentType,
  type FreeSlot,
} from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { bookAppointment, moveAppointment, slotsQuery } from '../api/appointments.ts';

interface SlotPickerProps {
  cartId: string;
  type: AppointmentType;
  /** The meeting being moved; absent when booking a new one. */
  moving?: Appointment;
  onDone: (appointment: Appointment) => void;
}

/** Slots grouped by day of the project's calendar, in the order the server gave them. */
function byDay(slots: readonly FreeSlot[], timeZone: string) {
  const days = new Map<string, FreeSlot[]>();
  for (const slot of slots) {
    const day = isoDayOf(slot.start, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.values()];
}

/**
 * The free slots of a kind of meeting for a selection (docs/appointments.md, "Booking"): those
 * before the selection's deadline first, each day of the project's calendar with its times in
 * the project's zone; picking one books it (or moves the meeting being moved). A slot someone
 * took meanwhile is said in words, with the next free ones offered instead.
 */
export function SlotPicker({ cartId, type, moving, onDone }: SlotPickerProps) {
  const t = useT();
  const dates = useDates();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<string[]>([]);
  const from = pages.at(-1);
  const { data, isLoading, isError, refetch } = useQuery(slotsQuery({ cart: cartId, type: type.id, from }));
  const [picked, setPicked] = useState<FreeSlot | null>(null);
  const [feeAsked, setFeeAsked] = useState<string | null>(null);
  const [acceptFee, setAcceptFee] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [instead, setInstead] = useState<FreeSlot[] | null>(null);
  const [saving, setSaving] = useState(false);
  const timeZone = dates.zone.timeZone ?? 'UTC';

  const confirm = async () => {
    if (!picked) return;
    setSaving(true);
    setError(null);
    try {
      const done = moving
        ? await moveAppointment(moving.id, { consultant: picked.consultantId, start: picked.start })
        : await bookAppointment({
            type: type.id,
            cart: cartId,
            consultant: picked.consultantId,
            start: picked.start,
            ...(feeAsked ? { acceptFee } : {}),
          });
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
      await queryClient.invalidateQueries({ queryKey: ['carts'] });
      onDone(done);
    } catch (caught) {
      if (caught instanceof ApiError && caught.key === 'appointment.fee-to-accept') {
        setFeeAsked(errorText(caught, 'app.appointments.not-saved'));
      } else {
        setError(errorText(caught, 'app.appointments.not-saved'));
        const next = (caught as ApiError).details as { next?: FreeSlot[] } | undefined;
        if (caught instanceof ApiError && next?.next) {
          setInstead(next.next);
          setPicked(null);
          void refetch();
        }
      }
    } finally {
      setSaving(false);
    }
  };

  if (isLoading) return <Skeleton h={220} radius="md" />;
  if (isError || !data)
    return (
      <Alert color="red" role="alert">
        {t('app.appointments.slots-failed')}
      </Alert>
    );
  const shown = instead ?? data.slots;
  const consultants = new Set(shown.map((slot) => slot.consultantId)).size;
  const groups = [
    { before: true, slots: shown.filter((slot) => slot.beforeDeadline) },
    { before: false, slots: shown.filter((slot) => !slot.beforeDeadline) },
  ].filter((group) => group.slots.length);

  return (
    <Stack gap="md" data-testid="slot-picker">
      <Text size="sm" c="dimmed">
        {t('app.appointments.times-in', { zone: describeTimeZone(timeZone, dates.zone.locale) })}
      </Text>
      {error && (
        <Alert color="orange" role="alert" data-testid="slot-refused">
          {error}
        </Alert>
      )}
      {shown.length === 0 && <Text>{t('app.appointments.no-slots')}</Text>}
      {groups.map((group) => (
        <Stack key={String(group.before)} gap="sm">
          {data.deadline && (
            <Title order={4}>
              {group.before
                ? t('app.appointments.before-deadline', { date: dates.date(data.deadline, { weekday: true }) })
                : t('app.appointments.after-deadline', { date: dates.date(data.deadline, { weekday: true }) })}
            </Title>
          )}
          <SlotDays
            slots={group.slots}
            timeZone={timeZone}
            highlight={group.before}
            showConsultant={consultants > 1}
            picked={picked}
            onPick={setPicked}
          />
        </Stack>
      ))}
      {!instead && (
        <Group justify="space-between">
          <Button variant="default" disabled={!pages.length} onClick={() => setPages(pages.slice(0, -1))}>
            {t('app.appointments.earlier')}
          </Button>
          <Button variant="default" disabled={!data.next} onClick={() => data.next && setPages([...pages, data.next])}>
            {t('app.appointments.later')}
          </Button>
        </Group>
      )}
      {picked && (
        <SlotConfirm
          picked={picked}
          type={type}
          moving={Boolean(moving)}
          afterDeadline={!picked.beforeDeadline && Boolean(data.deadline)}
          feeAsked={feeAsked}
          acceptFee={acceptFee}
          onAcceptFee={setAcceptFee}
          saving={saving}
          onCancel={() => setPicked(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </Stack>
  );
}

/** A group's slots, one card per day of the project's calendar, a button per time. */
function SlotDays({
  slots,
  timeZone,
  highlight,
  showConsultant,
  picked,
  onPick,
}: {
  slots: FreeSlot[];
  timeZone: string;
  highlight: boolean;
  showConsultant: boolean;
  picked: FreeSlot | null;
  onPick: (slot: FreeSlot) => void;
}) {
  const dates = useDates();
  return (
    <>
      {byDay(slots, timeZone).map((day) => (
        <Paper key={day[0]!.start} withBorder p="sm" radius="md">
          <Text fw={600} mb={6}>
            {dates.date(day[0]!.start, { weekday: true })}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={6}>
            {day.map((slot) => {
              const isPicked = picked?.start === slot.start && picked.consultantId === slot.consultantId;
              return (
                <Button
                  key={`${slot.consultantId}${slot.start}`}
                  variant={isPicked ? 'filled' : 'light'}
                  color={highlight ? undefined : 'orange'}
                  size="sm"
                  h="auto"
                  py={6}
                  aria-pressed={isPicked}
                  onClick={() => onPick(slot)}
                  data-testid="slot"
                >
                  <Stack gap={0} align="center">
                    <span>{formatClock(slot.start, dates.zone)}</span>
                    {showConsultant && (
                      <Text span size="xs">
                        {slot.consultantName}
                      </Text>
                    )}
                  </Stack>
                </Button>
              );
            })}
          </SimpleGrid>
        </Paper>
      ))}
    </>
  );
}

/** The slot picked, said in full before it is booked; the fee to agree to when the server asked. */
function SlotConfirm({
  picked,
  type,
  moving,
  afterDeadline,
  feeAsked,
  acceptFee,
  onAcceptFee,
  saving,
  onCancel,
  onConfirm,
}: {
  picked: FreeSlot;
  type: AppointmentType;
  moving: boolean;
  afterDeadline: boolean;
  feeAsked: string | null;
  acceptFee: boolean;
  onAcceptFee: (accepted: boolean) => void;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  return (
    <Paper withBorder p="md" radius="md" data-testid="slot-confirm">
      <Stack gap="sm">
        <Text fw={600}>
          {t(moving ? 'app.appointments.move-to' : 'app.appointments.book-at', {
            type: type.name,
            when: dates.dateTime(picked.start, { weekday: true }),
            consultant: picked.consultantName,
          })}
        </Text>
        {afterDeadline && (
          <Text size="sm" c="orange.9">
            {t('app.appointments.slot-after-deadline')}
          </Text>
        )}
        {feeAsked && (
          <Checkbox
            checked={acceptFee}
            onChange={(event) => onAcceptFee(event.currentTarget.checked)}
            label={t('app.appointments.accept-fee', { fee: money(type.fee) })}
            description={feeAsked}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.appointments.pick-another')}
          </Button>
          <Button loading={saving} disabled={Boolean(feeAsked) && !acceptFee} onClick={onConfirm}>
            {t(moving ? 'app.appointments.confirm-move' : 'app.appointments.confirm-book')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
