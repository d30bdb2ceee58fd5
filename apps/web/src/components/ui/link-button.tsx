import type { AnchorHTMLAttributes, Ref } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

type ButtonAnchorProps = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function ButtonAnchor(props: ButtonAnchorProps) {
  return <Button component="a" {...props} />;
}

/** A Mantine button that navigates like a router link, with typed `to`, `params` and `search`. */
export const LinkButton = createLink(ButtonAnchor);
