import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LogoSettings } from '../../../features/settings/components/logo-settings.tsx';
import { ProjectSettings } from '../../../features/settings/components/project-settings.tsx';
import { ProjectScreens } from '../../../features/displays/components/admin-displays.tsx';
import { currentProjectKey } from '../../../config/env.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/settings')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="Settings"
      description="The project's name, currency, locale, theme, terms, deadlines, how buyers reach the design centre, and its sales-centre screens."
    >
      <Stack gap="lg">
        <LogoSettings />
        <ProjectSettings />
        <ProjectScreens projectKey={currentProjectKey() ?? ''} />
      </Stack>
    </PageFrame>
  );
}
