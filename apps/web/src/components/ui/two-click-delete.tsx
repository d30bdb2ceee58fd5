import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { DELETE_CONFIRM_WINDOW_MS } from '@decor/core';

export interface TwoClickDeleteProps extends Omit<ButtonProps, 'onClick'> {
  onConfirm: () => void;
  children?: ReactNode;
  /** What the button says while it waits for the second click. */
  confirmLabel?: ReactNode;
}

/**
 * The two-click delete of docs/screens.md: the first click outlines the button in red for
 * one second; a second click within that second confirms. Nothing is deleted otherwise.
 */
export function TwoClickDelete({ onConfirm, children = 'Delete', confirmLabel = 'Click again to delete', ...props }: TwoClickDeleteProps) {
  const [isArmed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleClick = () => {
    if (isArmed) {
      clearTimeout(timer.current);
      setArmed(false);
      onConfirm();
      return;
    }
    setArmed(true);
    timer.current = setTimeout(() => setArmed(false), DELETE_CONFIRM_WINDOW_MS);
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
    >
      {isArmed ? confirmLabel : children}
    </Button>
  );
}
