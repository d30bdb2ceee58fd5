import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../components/layouts/shell-layouts.tsx';

/** The default layout of docs/screens.md. */
export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
});
