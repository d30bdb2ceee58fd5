import { createFileRoute, notFound } from '@tanstack/react-router';
import { Center, Loader } from '@mantine/core';
import { projectRedirectTarget } from '@decor/core';
import { portalHost } from '../config/env.ts';

/** /p/{projectKey}/{rest}: sends the browser to the project's subdomain, keeping path, query and hash. */
export const Route = createFileRoute('/p/$projectKey/$')({
  staticData: { flags: {}, layout: 'none' },
  beforeLoad: () => {
    const target = projectRedirectTarget(window.location, portalHost());
    if (!target) throw notFound();
    window.location.replace(target);
  },
  component: () => (
    <Center mih="100vh">
      <Loader aria-label="Opening the project" />
    </Center>
  ),
});
