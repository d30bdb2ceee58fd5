import { createFileRoute } from '@tanstack/react-router';
import { NoAuthLayout } from '../components/layouts/no-auth-layout.tsx';

/** The no-auth layout of docs/screens.md. */
export const Route = createFileRoute('/_noauth')({
  component: NoAuthLayout,
});
