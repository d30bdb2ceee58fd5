import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { DELETE_CONFIRM_WINDOW_MS } from '@decor/core';
import { renderWithTheme } from '../../testing/render.tsx';
import { TwoClickDelete } from './two-click-delete.tsx';

describe('TwoClickDelete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const button = () => screen.getByRole('button');

  it('arms on the first click (red outline) and confirms on a second click within 1 s', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm}>Delete option</TwoClickDelete>);
    fireEvent.click(button());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button().getAttribute('data-armed')).toBe('true');
    expect(button().textContent).toBe('Click again to delete');
    act(() => vi.advanceTimersByTime(DELETE_CONFIRM_WINDOW_MS - 50));
    fireEvent.click(button());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(button().getAttribute('data-armed')).toBe('false');
  });

  it('disarms after the window, so a late second click only arms again', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm} />);
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(DELETE_CONFIRM_WINDOW_MS + 1));
    expect(button().getAttribute('data-armed')).toBe('false');
    expect(button().textContent).toBe('Delete');
    fireEvent.click(button());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button().getAttribute('data-armed')).toBe('true');
  });

  it('uses a one-second window', () => {
    expect(DELETE_CONFIRM_WINDOW_MS).toBe(1000);
  });
});
