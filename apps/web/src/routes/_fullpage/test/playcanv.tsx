import { createFileRoute } from '@tanstack/react-router';
import { WebGlDiagnostic } from '../../../features/displays/components/webgl-diagnostic.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/test/playcanv')({
  staticData: { flags, layout: 'fullpage' },
  component: WebGlDiagnostic,
});
