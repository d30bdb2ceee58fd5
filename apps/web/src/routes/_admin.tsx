import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../components/layouts/shell-layouts.tsx';

/** The admin layout of docs/screens.md. */
export const Route = createFileRoute('/_admin')({
  component: AdminLayout,
});
