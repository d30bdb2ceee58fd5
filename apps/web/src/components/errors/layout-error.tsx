import { Anchor } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorNotice } from './route-error.tsx';
import type { FirstPageKey } from '@decor/core';
import { useFirstPageText } from '../../lib/first-page-text.ts';

/**
 * What a layout shows when it could not be opened itself (its guard or its own data failed):
 * a plain sentence, a way to try again, and the way back to where that part of the portal
 * starts. A page that fails inside a working layout shows `RouteError` in the layout instead.
 */
export function layoutError({
  home,
  homeLabel,
}: {
  home: '/' | '/manage' | '/admin' | '/sign-in';
  homeLabel: FirstPageKey;
}) {
  return function LayoutError(props: ErrorComponentProps) {
    const say = useFirstPageText();
    return (
      <ErrorNotice {...props} title="frame.error.layout-title" fallback="app.frame.error.layout-text" minHeight="60vh">
        <Anchor component={Link} to={home}>
          {say(homeLabel)}
        </Anchor>
      </ErrorNotice>
    );
  };
}
