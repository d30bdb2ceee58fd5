import type { AnchorHTMLAttributes, Ref } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

type AnchorElementProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function AnchorElement(props: AnchorElementProps) {
  return <Anchor component="a" {...props} />;
}

/** A Mantine anchor that navigates like a router link, with typed `to`, `params` and `search`. */
export const AnchorLink = createLink(AnchorElement);
