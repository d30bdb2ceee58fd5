import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { AdminLayout } from '../components/layouts/shell-layouts.tsx';

/** The admin layout of docs/screens.md. */
export const Route = createFileRoute('/_admin')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/admin', homeLabel: 'frame.administration' }),
  component: AdminLayout,
});
