import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { UserLayout } from '../components/layouts/shell-layouts.tsx';

/** The user layout of docs/screens.md. */
export const Route = createFileRoute('/_user')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/', homeLabel: 'frame.my-home' }),
  component: UserLayout,
});
