import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiKeys } from '../../../features/integrations/components/api-keys.tsx';
import { WebhookEndpoints } from '../../../features/integrations/components/webhook-endpoints.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/integrations')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

/** Settings → Integrations: the project's webhooks and API keys (docs/integrations.md). */
function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.integrations.title')} description={t('app.page.integrations.description')}>
      <Stack gap="lg">
        <WebhookEndpoints />
        <ApiKeys />
      </Stack>
    </PageFrame>
  );
}
