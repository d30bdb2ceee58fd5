import { createFileRoute } from '@tanstack/react-router';
import { NoAuthLayout } from '../components/layouts/no-auth-layout.tsx';

/** The no-auth layout of SPEC.md §1. */
export const Route = createFileRoute('/_noauth')({
  component: NoAuthLayout,
});
