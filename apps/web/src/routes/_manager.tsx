import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { layoutError } from '../components/errors/layout-error.tsx';
import { ManagerLayout } from '../components/layouts/shell-layouts.tsx';

/** The manager layout of docs/screens.md. */
export const Route = createFileRoute('/_manager')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  errorComponent: layoutError({ home: '/manage', homeLabel: 'frame.back-office' }),
  component: ManagerLayout,
});
