import { useRef, type ReactNode } from 'react';
import { useMatches } from '@tanstack/react-router';
import { transitionDirection } from '@decor/core';

/**
 * Re-mounts its children with a slide when the page shown changes: up when the new path is
 * deeper, down otherwise (docs/screens.md). Reduced-motion users get no animation (styles.css).
 *
 * The key is the path of the page on screen (the deepest presented match), not the address:
 * the address changes as soon as a navigation starts, while the page it leads to may still be
 * loading (its guard, its code). Keyed by the address, the page being left was drawn again,
 * empty, under the new address until the next one arrived — a form typed into then was lost.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname ?? '/' });
  const previous = useRef(pathname);
  const direction = useRef<'up' | 'down'>('up');
  if (previous.current !== pathname) {
    direction.current = transitionDirection(previous.current, pathname);
    previous.current = pathname;
  }
  return (
    <div
      key={pathname}
      className={`page-transition-${direction.current}`}
      data-transition={direction.current}
      data-page={pathname}
    >
      {children}
    </div>
  );
}
