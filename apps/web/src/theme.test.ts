import { describe, expect, it } from 'vitest';
import { MENU_HIDE_DELAY_MS, POPOVER_DISPOSE_MS, TOOLTIP_DISTANCE_PX, TOOLTIP_SHOW_DELAY_MS } from '@decor/core';
import { buildTheme, PLATFORM_THEME } from './theme.ts';

describe('the overlays’ timings', () => {
  it('are the specification’s: a tooltip shows after 200 ms, 5 px away; a menu hides after 400 ms; a popover goes in 150 ms', () => {
    const { components } = buildTheme(PLATFORM_THEME, (key) => key);
    expect([TOOLTIP_SHOW_DELAY_MS, MENU_HIDE_DELAY_MS, POPOVER_DISPOSE_MS, TOOLTIP_DISTANCE_PX]).toEqual([
      200, 400, 150, 5,
    ]);
    expect(components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 200, offset: 5 });
    expect(components?.Menu?.defaultProps).toMatchObject({ closeDelay: 400, offset: 5 });
    expect(components?.Popover?.defaultProps).toMatchObject({ offset: 5, transitionProps: { duration: 150 } });
  });
});
