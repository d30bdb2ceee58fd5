import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { DefaultLayout } from '../components/layouts/shell-layouts.tsx';

/** The default layout of docs/screens.md. */
export const Route = createFileRoute('/_default')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/', homeLabel: 'frame.my-home' }),
  component: DefaultLayout,
});
