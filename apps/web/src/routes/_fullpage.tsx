import { createFileRoute } from '@tanstack/react-router';
import { FullpageLayout } from '../components/layouts/fullpage-layout.tsx';

/** The fullpage layout of docs/screens.md. */
export const Route = createFileRoute('/_fullpage')({
  component: FullpageLayout,
});
