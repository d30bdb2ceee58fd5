import { createFileRoute } from '@tanstack/react-router';
import { RealtimeDiagnostic } from '../../../features/displays/components/realtime-diagnostic.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/test/gamelift')({
  staticData: { flags, layout: 'fullpage' },
  component: RealtimeDiagnostic,
});
