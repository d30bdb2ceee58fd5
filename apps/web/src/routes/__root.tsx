import { lazy, Suspense, useEffect, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { buildTheme, PLATFORM_THEME, themeCssVariables } from '../theme.ts';
import { useProject } from '../lib/project.ts';

// Toasts are never needed for the first paint: keep them out of the entry chunk.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export const Route = createRootRoute({
  component: RootComponent,
});

function RootComponent() {
  const { data: project } = useProject();
  const theme = project?.theme ?? PLATFORM_THEME;
  const mantineTheme = useMemo(() => buildTheme(theme), [theme]);

  // The logo band and secondary colour are plain CSS variables on <html>, so portals
  // (modals, notifications) see them too.
  useEffect(() => {
    for (const [name, value] of Object.entries(themeCssVariables(theme))) {
      document.documentElement.style.setProperty(name, value);
    }
  }, [theme]);

  return (
    <MantineProvider theme={mantineTheme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <Outlet />
    </MantineProvider>
  );
}
