import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import {
  colourShades,
  MENU_HIDE_DELAY_MS,
  POPOVER_DISPOSE_MS,
  readableTextColour,
  TOOLTIP_DISTANCE_PX,
  TOOLTIP_SHOW_DELAY_MS,
  type FirstPageKey,
  type Theme,
} from '@decor/core';

/** The neutral look used before a project's theme is known, and on platform pages. */
export const PLATFORM_THEME: Theme = { logoBg: '#1f2933', primary: '#1f6f5c', secondary: '#c8a97e', logoUrl: null };

/** A Mantine theme whose primary colour is the project's brand colour (docs/data-model.md, "Tables"); `say` names its controls in the reader's language. */
export function buildTheme(theme: Theme, say: (key: FirstPageKey) => string) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: colourShades(theme.primary) as unknown as MantineColorsTuple,
      accent: colourShades(theme.secondary) as unknown as MantineColorsTuple,
    },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '650' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Text on a filled colour is black or white, whichever reads (a builder's pale brand colour too).
    autoContrast: true,
    // Every dialog's close button and icon button has a name (docs/screens.md, "Accessibility"). Plain
    // objects, not Component.extend: naming a component here would put its code in every page.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': say('frame.close') } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': say('frame.close') } } },
      Alert: { defaultProps: { closeButtonLabel: say('frame.dismiss') } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': say('frame.pick-colour') } } },
      // A table wider than a phone scrolls sideways: its scrolling box takes the keyboard focus.
      TableScrollContainer: {
        defaultProps: {
          scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': say('frame.table-scrolls') } },
        },
      },
      // A button's or a badge's words wrap rather than being cut where a longer language finds no room on one line (docs/languages.md).
      Button: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
          label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25, overflow: 'visible' },
        },
      },
      Badge: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--badge-height)' },
          label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'center' },
        },
      },
      // The overlays' timings of the specification's constants (packages/core/src/constants.ts).
      Tooltip: { defaultProps: { openDelay: TOOLTIP_SHOW_DELAY_MS, offset: TOOLTIP_DISTANCE_PX } },
      Menu: { defaultProps: { closeDelay: MENU_HIDE_DELAY_MS, offset: TOOLTIP_DISTANCE_PX } },
      Popover: { defaultProps: { offset: TOOLTIP_DISTANCE_PX, transitionProps: { duration: POPOVER_DISPOSE_MS } } },
    },
  });
}

/** Mantine's colours whose filled form has white text (autoContrast gives green, teal, cyan, orange, yellow and lime black text, which reads on their own fill). */
const WHITE_TEXT_COLOURS = ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'gray', 'dark'];

/**
 * Secondary ("dimmed") text dark enough to read: Mantine's default grey is 3.3:1 on white,
 * under the 4.5:1 that WCAG AA asks of body text; this one is 6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
    // The text of light badges, alerts and buttons: the darkest shade of their colour, darkened
    // further (Mantine's default, shade 6, is under 4.5:1 on the tinted background, and green's or
    // yellow's darkest shade too).
    ...Object.fromEntries(
      Object.keys(theme.colors).map((name) => [
        `--mantine-color-${name}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${name}-9) 62%, black)`,
      ]),
    ),
    // Filled badges and buttons of the named colours carry white text: their shade 6 is under
    // 4.5:1 with white (red 3.3:1), so they fill with their darkest shade, darkened a little.
    ...Object.fromEntries(
      WHITE_TEXT_COLOURS.flatMap((name) => [
        [`--mantine-color-${name}-filled`, `color-mix(in srgb, var(--mantine-color-${name}-9) 82%, black)`],
        [`--mantine-color-${name}-filled-hover`, `color-mix(in srgb, var(--mantine-color-${name}-9) 70%, black)`],
      ]),
    ),
  },
  dark: {},
});

/** CSS variables for what Mantine has no slot for: the logo band and the secondary colour. */
export function themeCssVariables(theme: Theme): Record<string, string> {
  return {
    '--portal-logo-bg': theme.logoBg,
    '--portal-logo-fg': readableTextColour(theme.logoBg),
    '--portal-primary': theme.primary,
    '--portal-secondary': theme.secondary,
  };
}
