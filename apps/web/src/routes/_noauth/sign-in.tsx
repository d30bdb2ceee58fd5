import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { useProject } from '../../lib/project.ts';
import { useState } from 'react';
import { MODE_TITLES, SignInForm, type Mode } from '../../features/auth/components/sign-in-form.tsx';
import { useFirstPageText } from '../../lib/first-page-text.ts';

const flags = {};

export interface SignInSearch {
  /** The original full path to return to after signing in. */
  next?: string;
  /** The address to fill in (an invitation for an existing account). */
  email?: string;
}

export const Route = createFileRoute('/_noauth/sign-in')({
  staticData: { flags, layout: 'no-auth' },
  // Other query parameters stay in the URL untouched; only `next` is read here.
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    next: typeof search.next === 'string' ? search.next : undefined,
    email: typeof search.email === 'string' && search.email.length <= 254 ? search.email : undefined,
  }),
  component: SignInPage,
});

function SignInPage() {
  const { data: project } = useProject();
  const { next, email } = Route.useSearch();
  const [mode, setMode] = useState<Mode>('sign-in');
  const say = useFirstPageText();
  const name = project?.name ?? say('frame.portal');
  return (
    <PageFrame
      title={say(MODE_TITLES[mode])}
      description={
        mode === 'sign-up' ? say('signin.intro-sign-up', { project: name }) : say('signin.intro', { project: name })
      }
    >
      <SignInForm next={next} initialEmail={email} onModeChange={setMode} />
    </PageFrame>
  );
}
