import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LogoSettings } from '../../../features/manage/components/logo-settings.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/settings')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Settings" description="The project's name, currency, locale, theme, terms and deadlines.">
      <LogoSettings />
    </PageFrame>
  );
}
