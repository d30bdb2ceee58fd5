import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '../components/layouts/shell-layouts.tsx';

/** The user layout of docs/screens.md. */
export const Route = createFileRoute('/_user')({
  component: UserLayout,
});
