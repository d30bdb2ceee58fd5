import { createFileRoute } from '@tanstack/react-router';
import { guardFromMatches } from '../lib/guard.ts';
import { ManagerLayout } from '../components/layouts/shell-layouts.tsx';

/** The manager layout of docs/screens.md. */
export const Route = createFileRoute('/_manager')({
  // The guard of every page in this layout, from that page's flags (docs/screens.md, "Guards").
  beforeLoad: guardFromMatches,
  component: ManagerLayout,
});
