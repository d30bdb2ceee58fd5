import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartQuery, type Cart } from '../../../lib/cart-query.ts';

const NOTES_MAX = 5000;

/**
 * The buyer's notes for the design centre: editable while the selection is open, saved
 * against the version on screen so that a change made elsewhere is never overwritten.
 */
export function CartNotes({ cart, isOpen }: { cart: Cart; isOpen: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(cart.notes ?? '');
  const [message, setMessage] = useState<{ tone: 'red' | 'green'; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  if (!isOpen) return cart.notes ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>Notes: {cart.notes}</Text> : null;

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api<Cart>(`/api/schema/carts/${cart._id}`, { method: 'PATCH', body: { notes: draft.trim(), _version: cart._version } });
      queryClient.setQueryData(cartQuery(cart._id).queryKey, saved);
      setMessage({ tone: 'green', text: 'Your notes are saved.' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'conflict') {
        await queryClient.invalidateQueries({ queryKey: cartQuery(cart._id).queryKey });
        setMessage({ tone: 'red', text: 'Your selection changed in another window meanwhile. Your text is kept here: save it again.' });
      } else {
        setMessage({ tone: 'red', text: caught instanceof ApiError ? caught.message : 'Your notes could not be saved. Please try again.' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Notes for the design centre"
        description="Anything they should know about your choices (for example, where the pendant lights should hang)."
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={NOTES_MAX}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={save} loading={isSaving} disabled={draft.trim() === (cart.notes ?? '')}>
          Save notes
        </Button>
        {message && (
          <Alert color={message.tone} py={4} px="sm" role="status">
            {message.text}
          </Alert>
        )}
      </Group>
    </Stack>
  );
}
