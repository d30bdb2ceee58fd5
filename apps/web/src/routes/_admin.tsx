import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../components/layouts/shell-layouts.tsx';

/** The admin layout of SPEC.md §1. */
export const Route = createFileRoute('/_admin')({
  component: AdminLayout,
});
