import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { DELETE_CONFIRM_WINDOW_MS } from '@decor/core';
import { renderWithTheme } from '../../testing/render.tsx';
import { TwoClickDelete } from './two-click-delete.tsx';
import { setConfirmWindow } from '../../lib/confirm-window.ts';

describe('TwoClickDelete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const button = () => screen.getByRole('button');

  it('arms on the first click (red outline) and confirms on a second click within 1 s', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm}>Delete option</TwoClickDelete>);
    fireEvent.click(button(), { detail: 1 });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button().getAttribute('data-armed')).toBe('true');
    expect(button().textContent).toBe('Click again to delete');
    act(() => vi.advanceTimersByTime(DELETE_CONFIRM_WINDOW_MS - 50));
    fireEvent.click(button(), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(button().getAttribute('data-armed')).toBe('false');
  });

  it('disarms after the window, so a late second click only arms again', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm} />);
    fireEvent.click(button(), { detail: 1 });
    act(() => vi.advanceTimersByTime(DELETE_CONFIRM_WINDOW_MS + 1));
    expect(button().getAttribute('data-armed')).toBe('false');
    expect(button().textContent).toBe('Delete');
    fireEvent.click(button(), { detail: 1 });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button().getAttribute('data-armed')).toBe('true');
  });

  it('waits as long as the person chose on their account page, or without a limit', () => {
    const onConfirm = vi.fn();
    setConfirmWindow(10_000);
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm} />);
    fireEvent.click(button(), { detail: 1 });
    act(() => vi.advanceTimersByTime(9_000));
    fireEvent.click(button(), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    setConfirmWindow(null);
    fireEvent.click(button(), { detail: 1 });
    act(() => vi.advanceTimersByTime(60_000));
    expect(button().getAttribute('data-armed')).toBe('true');
    fireEvent.click(button(), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(2);
    setConfirmWindow(DELETE_CONFIRM_WINDOW_MS);
  });

  it('waits for a keyboard press without a time limit, until the focus leaves or Escape', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<TwoClickDelete onConfirm={onConfirm} />);
    // A press of Enter or Space is a click with no pointer behind it (detail 0).
    fireEvent.click(button(), { detail: 0 });
    act(() => vi.advanceTimersByTime(30_000));
    expect(button().getAttribute('data-armed')).toBe('true');
    fireEvent.keyDown(button(), { key: 'Escape' });
    expect(button().getAttribute('data-armed')).toBe('false');
    fireEvent.click(button(), { detail: 0 });
    fireEvent.click(button(), { detail: 0 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('uses a one-second window', () => {
    expect(DELETE_CONFIRM_WINDOW_MS).toBe(1000);
  });
});
