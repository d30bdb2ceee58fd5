import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Consultant, ConsultantInput, HoursException, WeeklyHours } from '@decor/core';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useSave } from './use-save.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { consultantsQuery, makeFeed, revokeFeed, saveConsultant, staffQuery } from '../api/appointments.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A weekday's name in a language: 2024-01-01 was a Monday. */
const weekdayName = (weekday: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));

/** The design centre's consultants (docs/appointments.md, "The design centre"): who meets buyers, when and where. */
export function ConsultantsSettings() {
  const t = useT();
  const { data: consultants = [] } = useQuery(consultantsQuery);
  const [editing, setEditing] = useState<Consultant | 'new' | null>(null);
  return (
    <SectionCard title={t('app.appointments.consultants')}>
      <Text size="sm" c="dimmed">
        {t('app.appointments.consultants-help')}
      </Text>
      {consultants.length === 0 && <Text>{t('app.appointments.no-consultants')}</Text>}
      {consultants.map((consultant) =>
        editing !== 'new' && editing?.id === consultant.id ? (
          <ConsultantForm key={consultant.id} consultant={consultant} onDone={() => setEditing(null)} />
        ) : (
          <ConsultantRow key={consultant.id} consultant={consultant} onEdit={() => setEditing(consultant)} />
        ),
      )}
      {editing === 'new' ? (
        <ConsultantForm onDone={() => setEditing(null)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('app.appointments.add-consultant')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

function ConsultantRow({ consultant, onEdit }: { consultant: Consultant; onEdit: () => void }) {
  const t = useT();
  const dates = useDates();
  const [feed, setFeed] = useState<string | null>(null);
  const { error, run } = useSave();
  const feedAction = (make: boolean) =>
    run(async () => setFeed(make ? (await makeFeed(consultant.id)).url : (await revokeFeed(consultant.id), null)));
  const hours = WEEKDAYS.flatMap((weekday) =>
    consultant.weekly
      .filter((span) => span.weekday === weekday)
      .map((span) => `${weekdayName(weekday, dates.zone.locale)} ${span.start}–${span.end}`),
  );
  return (
    <Card withBorder data-testid="consultant">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>{consultant.name}</Text>
          <Group gap="xs">
            {!consultant.active && <Badge color="gray">{t('app.appointments.inactive')}</Badge>}
            <Button size="xs" variant="default" onClick={onEdit}>
              {t('app.appointments.edit')}
            </Button>
          </Group>
        </Group>
        {consultant.place && <Text size="sm">{consultant.place}</Text>}
        <Text size="sm" c="dimmed">
          {hours.length ? hours.join(' · ') : t('app.appointments.no-hours')}
        </Text>
        {consultant.exceptions.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('app.appointments.exceptions-count', { count: consultant.exceptions.length })}
          </Text>
        )}
        {feed && (
          <Alert color="blue" title={t('app.appointments.feed-made')}>
            <Stack gap={6}>
              <Code block data-testid="feed-url">
                {feed}
              </Code>
              <CopyButton value={feed}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('app.appointments.copied') : t('app.appointments.copy')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => void feedAction(true)}>
            {consultant.hasFeed ? t('app.appointments.feed-renew') : t('app.appointments.feed-make')}
          </Button>
          {consultant.hasFeed && (
            <TwoClickDelete
              size="xs"
              onConfirm={() => void feedAction(false)}
              confirmLabel={t('app.appointments.feed-revoke-confirm')}
            >
              {t('app.appointments.feed-revoke')}
            </TwoClickDelete>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

type DayHours = { open: boolean; start: string; end: string };

/** A consultant's person, place, weekly hours (one span a day) and exceptions. */
function ConsultantForm({ consultant, onDone }: { consultant?: Consultant; onDone: () => void }) {
  const t = useT();
  const dates = useDates();
  const { data: staff = [] } = useQuery(staffQuery);
  const [userId, setUserId] = useState(consultant?.userId ?? '');
  const [place, setPlace] = useState(consultant?.place ?? '');
  const [videoUrl, setVideoUrl] = useState(consultant?.videoUrl ?? '');
  const [active, setActive] = useState(consultant?.active ?? true);
  const [week, setWeek] = useState<DayHours[]>(
    WEEKDAYS.map((weekday) => {
      const span = consultant?.weekly.find((entry) => entry.weekday === weekday);
      return span ? { open: true, start: span.start, end: span.end } : { open: false, start: '09:00', end: '17:00' };
    }),
  );
  const [exceptions, setExceptions] = useState<HoursException[]>(consultant?.exceptions ?? []);
  const { saving, error, run } = useSave();
  const setDay = (index: number, change: Partial<DayHours>) =>
    setWeek(week.map((day, i) => (i === index ? { ...day, ...change } : day)));
  const save = () => {
    const weekly: WeeklyHours = week.flatMap((day, i) =>
      day.open ? [{ weekday: WEEKDAYS[i]!, start: day.start, end: day.end }] : [],
    );
    const input: ConsultantInput = { userId, place, videoUrl: videoUrl.trim() || null, weekly, exceptions, active };
    return run(() => saveConsultant(input, consultant?.id), onDone);
  };
  return (
    <Card withBorder data-testid="consultant-form">
      <Stack gap="sm" component="form" onSubmit={(event) => (event.preventDefault(), void save())}>
        <Select
          label={t('app.appointments.person')}
          data={staff.map((person) => ({ value: person.id, label: `${person.name} (${person.email})` }))}
          value={userId || null}
          onChange={(value) => setUserId(value ?? '')}
          disabled={Boolean(consultant)}
          required
        />
        <TextInput
          label={t('app.appointments.place')}
          value={place}
          maxLength={300}
          onChange={(e) => setPlace(e.currentTarget.value)}
        />
        <TextInput
          label={t('app.appointments.video-link')}
          placeholder="https://"
          value={videoUrl}
          maxLength={500}
          onChange={(e) => setVideoUrl(e.currentTarget.value)}
        />
        <Text fw={600} size="sm">
          {t('app.appointments.weekly-hours')}
        </Text>
        {week.map((day, i) => (
          <Group key={WEEKDAYS[i]} gap="xs" wrap="wrap">
            <Checkbox
              w={130}
              label={weekdayName(WEEKDAYS[i]!, dates.zone.locale)}
              checked={day.open}
              onChange={(e) => setDay(i, { open: e.currentTarget.checked })}
            />
            <TextInput
              type="time"
              aria-label={t('app.appointments.opens', { day: weekdayName(WEEKDAYS[i]!, dates.zone.locale) })}
              value={day.start}
              disabled={!day.open}
              onChange={(e) => setDay(i, { start: e.currentTarget.value })}
              w={140}
            />
            <TextInput
              type="time"
              aria-label={t('app.appointments.closes', { day: weekdayName(WEEKDAYS[i]!, dates.zone.locale) })}
              value={day.end}
              disabled={!day.open}
              onChange={(e) => setDay(i, { end: e.currentTarget.value })}
              w={140}
            />
          </Group>
        ))}
        <Exceptions value={exceptions} onChange={setExceptions} />
        <Switch
          label={t('app.appointments.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.appointments.discard')}
          </Button>
          <Button type="submit" loading={saving} disabled={!userId}>
            {t('app.appointments.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Days unlike the week: a day off (no hours) or other hours that day. */
function Exceptions({ value, onChange }: { value: HoursException[]; onChange: (next: HoursException[]) => void }) {
  const t = useT();
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const add = () => {
    if (!day) return;
    const spans = start && end ? [{ start, end }] : [];
    onChange(
      [...value.filter((entry) => entry.day !== day), { day, spans }].sort((a, b) => a.day.localeCompare(b.day)),
    );
    setDay('');
    setStart('');
    setEnd('');
  };
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t('app.appointments.exceptions')}
      </Text>
      {value.map((entry) => (
        <Group key={entry.day} gap="xs">
          <Text size="sm" w={110}>
            {entry.day}
          </Text>
          <Text size="sm">
            {entry.spans.length
              ? entry.spans.map((span) => `${span.start}–${span.end}`).join(', ')
              : t('app.appointments.day-off')}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('app.appointments.remove-exception', { day: entry.day })}
            onClick={() => onChange(value.filter((other) => other.day !== entry.day))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('app.appointments.exception-day')}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="time"
          label={t('app.appointments.exception-from')}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          w={140}
        />
        <TextInput
          type="time"
          label={t('app.appointments.exception-to')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          w={140}
        />
        <Button variant="light" onClick={add} disabled={!day}>
          {start && end ? t('app.appointments.add-hours') : t('app.appointments.add-day-off')}
        </Button>
      </Group>
    </Stack>
  );
}
