/*
 * Mantine's global styles, first of all (main.tsx imports this module before any component, and it
 * rides in the `mantine` chunk, so its rules precede every component's as in Mantine's full sheet).
 * Each component's own styles come with the component (vite/mantine-styles.ts).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
