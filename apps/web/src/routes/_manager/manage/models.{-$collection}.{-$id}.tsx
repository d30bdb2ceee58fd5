import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { CatalogueEditor } from '../../../features/catalogue/components/catalogue-editor.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/models/{-$collection}/{-$id}')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const { collection, id } = Route.useParams();
  return (
    <PageFrame title="Catalogue" description="Rooms, categories, options, packages, plans and units: everything buyers choose from, edited here.">
      <CatalogueEditor collection={collection} id={id} />
    </PageFrame>
  );
}
