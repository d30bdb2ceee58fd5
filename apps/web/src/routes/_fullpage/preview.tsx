import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { SharedPreview } from '../../features/my-selection/components/shared-preview.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = {};

export const Route = createFileRoute('/_fullpage/preview')({
  staticData: { flags, layout: 'fullpage' },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: Page,
});

function Page() {
  const t = useT();
  useDocumentTitle(t('app.shared.title'));
  const { token } = Route.useSearch();
  return <SharedPreview token={token} />;
}
