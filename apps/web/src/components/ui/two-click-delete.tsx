import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { confirmWindow } from '../../lib/confirm-window.ts';

export interface TwoClickDeleteProps extends Omit<ButtonProps, 'onClick'> {
  onConfirm: () => void;
  children?: ReactNode;
  /** What the button says while it waits for the second click. */
  confirmLabel?: ReactNode;
}

/**
 * The two-click delete of docs/screens.md: the first click outlines the button in red for
 * one second; a second click within that second confirms. Nothing is deleted otherwise.
 * The second is the person's to lengthen or lift on their account page (WCAG 2.2.1), and a
 * button pressed from the keyboard (or by assistive technology) waits for its second press
 * without a time limit, until the focus leaves it or Escape is pressed.
 */
export function TwoClickDelete({
  onConfirm,
  children = 'Delete',
  confirmLabel = 'Click again to delete',
  ...props
}: TwoClickDeleteProps) {
  const [isArmed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const disarm = () => {
    clearTimeout(timer.current);
    setArmed(false);
  };
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isArmed) {
      disarm();
      onConfirm();
      return;
    }
    setArmed(true);
    // A click with no pointer behind it (detail 0) came from the keyboard or assistive technology.
    const window = event.detail === 0 ? null : confirmWindow();
    if (window !== null) timer.current = setTimeout(() => setArmed(false), window);
  };

  return (
    <Button
      color="red"
      variant={isArmed ? 'filled' : 'light'}
      className="two-click-delete"
      data-armed={isArmed}
      aria-live="polite"
      {...props}
      onClick={handleClick}
      onBlur={() => isArmed && disarm()}
      onKeyDown={(event) => event.key === 'Escape' && isArmed && disarm()}
    >
      {isArmed ? confirmLabel : children}
    </Button>
  );
}
