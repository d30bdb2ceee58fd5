import { useRef, type ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { transitionDirection } from '@decor/core';

/**
 * Re-mounts its children on every path change with a slide: up when the new path is
 * deeper, down otherwise (docs/screens.md). Reduced-motion users get no animation (styles.css).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const previous = useRef(pathname);
  const direction = useRef<'up' | 'down'>('up');
  if (previous.current !== pathname) {
    direction.current = transitionDirection(previous.current, pathname);
    previous.current = pathname;
  }
  return (
    <div key={pathname} className={`page-transition-${direction.current}`} data-transition={direction.current}>
      {children}
    </div>
  );
}
