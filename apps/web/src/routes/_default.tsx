import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../components/layouts/shell-layouts.tsx';

/** The default layout of SPEC.md §1. */
export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
});
