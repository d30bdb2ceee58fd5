import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { firstPageCatalogue, firstPageMessage } from '@decor/core';
import { buildTheme, PLATFORM_THEME } from '../theme.ts';

/** Renders a piece of UI inside the app's theme provider. */
export function renderWithTheme(ui: ReactElement) {
  return render(
    <MantineProvider
      theme={buildTheme(PLATFORM_THEME, (key) => firstPageMessage(firstPageCatalogue('en').value!, key))}
    >
      {ui}
    </MantineProvider>,
  );
}
