import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';
import { Configurator } from '../../features/configure/components/configurator.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/configure')({
  staticData: { flags, layout: 'user' },
  beforeLoad: guard(flags),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Configure" description="Choose the finishes of your home room by room, with the price of every choice.">
      <Configurator />
    </PageFrame>
  );
}
