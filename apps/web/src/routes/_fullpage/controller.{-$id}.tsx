import { createFileRoute } from '@tanstack/react-router';
import { Controller } from '../../features/displays/components/controller.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/controller/{-$id}')({
  staticData: { flags, layout: 'fullpage' },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <Controller id={id} />;
}
