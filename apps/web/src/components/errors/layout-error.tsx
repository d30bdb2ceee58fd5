import { Anchor } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorNotice } from './route-error.tsx';

/**
 * What a layout shows when it could not be opened itself (its guard or its own data failed):
 * a plain sentence, a way to try again, and the way back to where that part of the portal
 * starts. A page that fails inside a working layout shows `RouteError` in the layout instead.
 */
export function layoutError({ home, homeLabel }: { home: '/' | '/manage' | '/admin' | '/sign-in'; homeLabel: string }) {
  return function LayoutError(props: ErrorComponentProps) {
    return (
      <ErrorNotice
        {...props}
        title="This page could not be opened"
        fallback="Something went wrong while opening this part of the portal. Please try again."
        minHeight="60vh"
      >
        <Anchor component={Link} to={home}>
          {homeLabel}
        </Anchor>
      </ErrorNotice>
    );
  };
}
