import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useErrorText } from '../../../lib/i18n.ts';

/**
 * One change of the appointments' screens: while it is saving, the error in words when it fails,
 * and every appointments answer (and the selections, whose totals a fee moves) read again once it
 * is done.
 */
export function useSave() {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<unknown>, onDone?: () => void) => {
    setSaving(true);
    setError(null);
    try {
      await change();
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
      await queryClient.invalidateQueries({ queryKey: ['carts'] });
      onDone?.();
    } catch (caught) {
      setError(errorText(caught, 'app.appointments.not-saved'));
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, run };
}
