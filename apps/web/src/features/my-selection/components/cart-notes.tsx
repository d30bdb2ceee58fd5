import { useState } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartQuery, type Cart } from '../../../lib/cart-query.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

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
  const t = useT();
  const { locale } = useLanguage();
  const count = (value: number) => value.toLocaleString(locale);
  const isDirty = isOpen && draft.trim() !== (cart.notes ?? '');
  const tooLong = draft.trim().length - NOTES_MAX;
  // Unsaved notes are never lost without asking: leaving the page (or closing the tab) asks first.
  useBlocker({
    shouldBlockFn: () => isDirty && !window.confirm(t('app.notes.leave')),
    enableBeforeUnload: () => isDirty,
  });
  if (!isOpen)
    return cart.notes ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {t('app.notes.read', { notes: cart.notes })}
      </Text>
    ) : null;

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api<Cart>(`/api/schema/carts/${cart._id}`, {
        method: 'PATCH',
        body: { notes: draft.trim(), _version: cart._version },
      });
      queryClient.setQueryData(cartQuery(cart._id).queryKey, saved);
      setMessage({ tone: 'green', text: t('app.notes.saved') });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'conflict') {
        await queryClient.invalidateQueries({ queryKey: cartQuery(cart._id).queryKey });
        setMessage({ tone: 'red', text: t('app.notes.conflict') });
      } else {
        setMessage({ tone: 'red', text: caught instanceof ApiError ? caught.message : t('app.notes.failed') });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t('app.notes.label')}
        description={t('app.notes.description', { count: count(draft.trim().length), max: count(NOTES_MAX) })}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        // Never cut silently: a text over the limit is kept and named as too long.
        error={tooLong > 0 ? t('app.notes.too-long', { max: count(NOTES_MAX), over: count(tooLong) }) : undefined}
        autosize
        minRows={2}
        maxRows={16}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={save} loading={isSaving} disabled={!isDirty || tooLong > 0}>
          {t('app.notes.save')}
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
