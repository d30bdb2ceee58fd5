import { createFileRoute } from '@tanstack/react-router';
import { ManagerLayout } from '../components/layouts/shell-layouts.tsx';

/** The manager layout of docs/screens.md. */
export const Route = createFileRoute('/_manager')({
  component: ManagerLayout,
});
