import { Suspense, useEffect, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { buildTheme, cssVariablesResolver, PLATFORM_THEME, themeCssVariables } from '../theme.ts';
import { useFirstPageText } from '../lib/first-page-text.ts';
import { useProject } from '../lib/project.ts';
import { SessionOverlays } from './-session-overlays.tsx';
import { ConsentGate } from '../features/consent/components/consent-gate.tsx';

export const Route = createRootRoute({
  component: RootComponent,
});

function RootComponent() {
  const { data: project } = useProject();
  const theme = project?.theme ?? PLATFORM_THEME;
  const say = useFirstPageText();
  const mantineTheme = useMemo(() => buildTheme(theme, say), [theme, say]);

  // The logo band and secondary colour are plain CSS variables on <html>, so portals
  // (modals, notifications) see them too.
  useEffect(() => {
    for (const [name, value] of Object.entries(themeCssVariables(theme))) {
      document.documentElement.style.setProperty(name, value);
    }
  }, [theme]);

  return (
    <MantineProvider theme={mantineTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* A language's sentences load the first time a screen needs them (docs/languages.md): what waits for them waits here, never the whole page. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <SessionOverlays />
      </Suspense>
      <ConsentGate />
    </MantineProvider>
  );
}
