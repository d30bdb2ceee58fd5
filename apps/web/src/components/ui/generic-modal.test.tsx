import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing/render.tsx';
import { GenericModal } from './generic-modal.tsx';

describe('GenericModal', () => {
  it('shows its title, body and actions, and closes with the close button and Escape', () => {
    const onClose = vi.fn();
    const onSave = vi.fn();
    renderWithTheme(
      <GenericModal opened onClose={onClose} title="Rename" actions={[{ label: 'Save', onClick: onSave }]}>
        Body text
      </GenericModal>,
    );
    expect(screen.getByText('Rename')).toBeTruthy();
    expect(screen.getByText('Body text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const closeButton = document.querySelector('.mantine-Modal-close') as HTMLElement;
    fireEvent.click(closeButton);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be closed when made non-closable', () => {
    const onClose = vi.fn();
    renderWithTheme(
      <GenericModal opened onClose={onClose} closable={false} title="Verify your e-mail">
        Body
      </GenericModal>,
    );
    expect(document.querySelector('.mantine-Modal-close')).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.mouseDown(overlay);
    expect(onClose).not.toHaveBeenCalled();
  });
});
