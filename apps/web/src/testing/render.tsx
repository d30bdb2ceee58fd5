import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { firstPageCatalogue, firstPageMessage } from '@decor/core';
import { buildTheme, PLATFORM_THEME } from '../theme.ts';
import { StaffScreens } from '../lib/staff-screens.ts';

/**
 * Renders a piece of UI inside the app's theme provider, with every sentence, the staff's too: a
 * component is drawn here apart from its page (which of a buyer's pages may say what is
 * `staff-sentences.test.ts`'s to check).
 */
export function renderWithTheme(ui: ReactElement) {
  return render(
    <StaffScreens value>
      <MantineProvider
        theme={buildTheme(PLATFORM_THEME, (key) => firstPageMessage(firstPageCatalogue('en').value!, key))}
      >
        {ui}
      </MantineProvider>
    </StaffScreens>,
  );
}
