import { createFileRoute } from '@tanstack/react-router';
import { DisplayScreen } from '../../features/displays/components/display-screen.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/v')({
  staticData: { flags, layout: 'fullpage' },
  component: DisplayScreen,
});
