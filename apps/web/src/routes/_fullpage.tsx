import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { FullpageLayout } from '../components/layouts/fullpage-layout.tsx';

/** The fullpage layout of docs/screens.md. */
export const Route = createFileRoute('/_fullpage')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/', homeLabel: 'frame.my-home' }),
  component: FullpageLayout,
});
