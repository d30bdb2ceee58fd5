import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CommentInput, CommentThread, CommentView, NoteView, UnreadComments } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** A selection's conversation (docs/comments.md). */
export const threadQuery = (cartId: string) =>
  queryOptions({ queryKey: ['comments', cartId], queryFn: () => api<CommentThread>(`/api/carts/${cartId}/comments`) });

/** The conversations with messages the reader has not read; asked again every minute and on every new message. */
export const unreadQuery = queryOptions({
  queryKey: ['comments', 'unread'],
  queryFn: () => api<UnreadComments>('/api/comments/unread'),
  refetchInterval: 60_000,
});

export const unitNotesQuery = (unitId: string) =>
  queryOptions({
    queryKey: ['staff-notes', unitId],
    queryFn: () => api<NoteView[]>(`/api/manage/units/${unitId}/notes`),
  });

export function sendComment(cartId: string, input: CommentInput) {
  return api<CommentView>(`/api/carts/${cartId}/comments`, { method: 'POST', body: input });
}

export function markConversationRead(cartId: string) {
  return api<null>(`/api/carts/${cartId}/comments/read`, { method: 'POST' });
}

export function addStaffNote(unitId: string, input: { body: string; cart?: string }) {
  return api<NoteView>(`/api/manage/units/${unitId}/notes`, { method: 'POST', body: input });
}

/**
 * New messages of a conversation as they are written, on any server (server-sent events): each
 * one adds itself to the conversation on screen, and the counts are asked again.
 */
export function useCommentStream(cartId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(`/api/carts/${cartId}/comments/stream`);
    const arrived = (event: MessageEvent<string>) => {
      const comment = JSON.parse(event.data) as CommentView;
      queryClient.setQueryData(threadQuery(cartId).queryKey, (thread) =>
        thread && !thread.comments.some((known) => known._id === comment._id)
          ? { ...thread, comments: [...thread.comments, comment], unread: thread.unread + (comment.mine ? 0 : 1) }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
    };
    // The feed was interrupted: what is on screen may be behind.
    const reset = () => void queryClient.invalidateQueries({ queryKey: threadQuery(cartId).queryKey });
    // Back after a break: what was written meanwhile is asked for.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) reset();
      opened = true;
    });
    source.addEventListener('comment', arrived);
    source.addEventListener('reset', reset);
    source.addEventListener('ended', () => source.close());
    return () => source.close();
  }, [cartId, queryClient]);
}
