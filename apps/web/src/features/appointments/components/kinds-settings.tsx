import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  APPOINTMENT_BOOKERS,
  SLOT_STEPS,
  type AppointmentBooker,
  type AppointmentType,
  type AppointmentTypeInput,
} from '@decor/core';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useSave } from './use-save.ts';
import { useProject } from '../../../lib/project.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useZone } from '../../../lib/use-dates.ts';
import { appointmentTypesQuery, saveAppointmentType } from '../api/appointments.ts';

const DEFAULTS: Required<Omit<AppointmentTypeInput, 'names'>> & { names: { en: string; 'fr-CA'?: string } } = {
  names: { en: '' },
  lengthMinutes: 120,
  bufferMinutes: 15,
  stepMinutes: 30,
  bookedBy: 'buyers',
  noticeMinutes: 1440,
  aheadDays: 90,
  cancelMinutes: 1440,
  freeCount: 1,
  fee: 0,
  active: true,
};

/** The kinds of meeting the design centre offers (docs/appointments.md): length, buffer, who books, notice, cut-off, fee. */
export function KindsSettings() {
  const t = useT();
  const money = useMoney();
  const { data: kinds = [] } = useQuery(appointmentTypesQuery);
  const [editing, setEditing] = useState<AppointmentType | 'new' | null>(null);
  return (
    <SectionCard title={t('app.appointments.kinds')}>
      {kinds.length === 0 && <Text>{t('app.appointments.no-kinds-yet')}</Text>}
      {kinds.map((kind) =>
        editing !== 'new' && editing?.id === kind.id ? (
          <KindForm key={kind.id} kind={kind} onDone={() => setEditing(null)} />
        ) : (
          <Card key={kind.id} withBorder data-testid="kind">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text fw={700}>{kind.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('app.appointments.kind-summary', {
                    minutes: kind.lengthMinutes,
                    buffer: kind.bufferMinutes,
                    who: kind.bookedBy,
                    free: kind.freeCount,
                    fee: money(kind.fee),
                  })}
                </Text>
              </Stack>
              <Group gap="xs">
                {!kind.active && <Badge color="gray">{t('app.appointments.inactive')}</Badge>}
                <Button size="xs" variant="default" onClick={() => setEditing(kind)}>
                  {t('app.appointments.edit')}
                </Button>
              </Group>
            </Group>
          </Card>
        ),
      )}
      {editing === 'new' ? (
        <KindForm onDone={() => setEditing(null)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('app.appointments.add-kind')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

function KindForm({ kind, onDone }: { kind?: AppointmentType; onDone: () => void }) {
  const t = useT();
  const { locale } = useZone();
  const { data: project } = useProject();
  const [value, setValue] = useState(() => {
    if (!kind) return DEFAULTS;
    const { id: _id, name: _name, ...rest } = kind;
    return { ...DEFAULTS, ...rest };
  });
  const [typing, setTyping] = useState(false);
  const { saving, error, run } = useSave();
  const set = (change: Partial<typeof value>) => setValue({ ...value, ...change });
  const whole = (key: keyof typeof value, { min = 0, max = 100_000 }: { min?: number; max?: number } = {}) =>
    ({
      locale,
      integer: true,
      min,
      max,
      value: value[key] as number,
      onChange: (n: number | null | undefined) => {
        setTyping(n === undefined);
        if (n !== undefined && n !== null) set({ [key]: n });
      },
    }) as const;
  const save = () => run(() => saveAppointmentType(value, kind?.id), onDone);
  return (
    <Card withBorder data-testid="kind-form">
      <Stack gap="sm" component="form" onSubmit={(event) => (event.preventDefault(), void save())}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('app.appointments.name-en')}
            value={value.names.en}
            maxLength={120}
            required
            onChange={(e) => set({ names: { ...value.names, en: e.currentTarget.value } })}
          />
          <TextInput
            label={t('app.appointments.name-fr')}
            value={value.names['fr-CA'] ?? ''}
            maxLength={120}
            onChange={(e) => set({ names: { ...value.names, 'fr-CA': e.currentTarget.value } })}
          />
          <NumberField
            label={t('app.appointments.length-minutes')}
            {...whole('lengthMinutes', { min: 15, max: 480 })}
          />
          <NumberField label={t('app.appointments.buffer-minutes')} {...whole('bufferMinutes', { max: 240 })} />
          <Select
            label={t('app.appointments.step')}
            data={SLOT_STEPS.map((step) => ({
              value: String(step),
              label: t('app.appointments.every', { minutes: step }),
            }))}
            value={String(value.stepMinutes)}
            onChange={(step) => step && set({ stepMinutes: Number(step) })}
            allowDeselect={false}
          />
          <Select
            label={t('app.appointments.who-books')}
            data={APPOINTMENT_BOOKERS.map((who) => ({ value: who, label: t('app.appointments.booker', { who }) }))}
            value={value.bookedBy}
            onChange={(who) => who && set({ bookedBy: who as AppointmentBooker })}
            allowDeselect={false}
          />
          <NumberField label={t('app.appointments.notice-minutes')} {...whole('noticeMinutes', { max: 43_200 })} />
          <NumberField label={t('app.appointments.ahead-days')} {...whole('aheadDays', { min: 1, max: 365 })} />
          <NumberField label={t('app.appointments.cancel-minutes')} {...whole('cancelMinutes', { max: 43_200 })} />
          <NumberField label={t('app.appointments.free-count')} {...whole('freeCount', { max: 50 })} />
          <NumberField
            label={t('app.appointments.fee-label')}
            locale={locale}
            money={{ currency: project?.currency ?? 'CAD' }}
            min={0}
            value={value.fee}
            onChange={(n) => {
              setTyping(n === undefined);
              if (n !== undefined) set({ fee: n ?? 0 });
            }}
          />
        </SimpleGrid>
        <Switch
          label={t('app.appointments.active')}
          checked={value.active}
          onChange={(e) => set({ active: e.currentTarget.checked })}
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
          <Button type="submit" loading={saving} disabled={!value.names.en.trim() || typing}>
            {t('app.appointments.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
