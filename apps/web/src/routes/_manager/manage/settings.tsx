import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LogoSettings } from '../../../features/settings/components/logo-settings.tsx';
import { ProjectSettings } from '../../../features/settings/components/project-settings.tsx';
import { ProjectScreens } from '../../../features/displays/components/admin-displays.tsx';
import { currentProjectKey } from '../../../config/env.ts';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/settings')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.settings.title')} description={t('app.page.settings.description')}>
      <Stack gap="lg">
        <LogoSettings />
        <ProjectSettings />
        <ProjectScreens projectKey={currentProjectKey() ?? ''} />
      </Stack>
    </PageFrame>
  );
}
