import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { NoAuthLayout } from '../components/layouts/no-auth-layout.tsx';

/** The no-auth layout of docs/screens.md. */
export const Route = createFileRoute('/_noauth')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/sign-in', homeLabel: 'frame.sign-in' }),
  component: NoAuthLayout,
});
