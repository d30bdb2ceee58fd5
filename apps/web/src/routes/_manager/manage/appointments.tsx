import { createFileRoute } from '@tanstack/react-router';
import { Stack, Tabs } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ConsultantsSettings } from '../../../features/appointments/components/consultants-settings.tsx';
import { DesignCentreCalendar } from '../../../features/appointments/components/design-centre-calendar.tsx';
import { KindsSettings } from '../../../features/appointments/components/kinds-settings.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };
const TABS = ['calendar', 'consultants', 'kinds'] as const;
type Tab = (typeof TABS)[number];

export const Route = createFileRoute('/_manager/manage/appointments')({
  staticData: { flags, layout: 'manager' },
  // The tab and the calendar's day live in the address, so a link opens the consultants' settings or a given week;
  // read (and anything else ignored) by the page, which keeps the entry chunk small.
  validateSearch: (search: Record<string, unknown>) => search as { tab?: string; day?: string },
  component: Page,
});

/** The design centre's appointments (docs/appointments.md): its calendar, consultants and kinds of meeting. */
function Page() {
  const t = useT();
  const search = Route.useSearch();
  const tab: Tab = TABS.includes(search.tab as Tab) ? (search.tab as Tab) : 'calendar';
  const day = typeof search.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.day) ? search.day : undefined;
  const navigate = Route.useNavigate();
  return (
    <PageFrame
      title={t('app.page.manage-appointments.title')}
      description={t('app.page.manage-appointments.description')}
    >
      <Tabs
        value={tab}
        onChange={(value) => void navigate({ search: value && value !== 'calendar' ? { tab: value } : {} })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="calendar">{t('app.appointments.calendar')}</Tabs.Tab>
          <Tabs.Tab value="consultants">{t('app.appointments.consultants')}</Tabs.Tab>
          <Tabs.Tab value="kinds">{t('app.appointments.kinds')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendar">
          <DesignCentreCalendar {...(day ? { initialDay: day } : {})} />
        </Tabs.Panel>
        <Tabs.Panel value="consultants">
          <Stack>
            <ConsultantsSettings />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="kinds">
          <KindsSettings />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
