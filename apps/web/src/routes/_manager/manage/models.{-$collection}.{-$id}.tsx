import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { CatalogueEditor } from '../../../features/catalogue/components/catalogue-editor.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/models/{-$collection}/{-$id}')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const t = useT();
  const { collection, id } = Route.useParams();
  return (
    <PageFrame title={t('app.page.catalogue.title')} description={t('app.page.catalogue.description')}>
      <CatalogueEditor collection={collection} id={id} />
    </PageFrame>
  );
}
