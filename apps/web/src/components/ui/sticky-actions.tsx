import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

/**
 * A form's buttons kept at the bottom of the window while it scrolls. The page keeps room for
 * it (styles.css: a field brought into view by focus or a link stops above the bar, never
 * under it), and its top edge shows where the form ends and the bar begins.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Group className="sticky-actions" wrap="wrap" gap="sm" data-testid="sticky-actions">
      {children}
    </Group>
  );
}
