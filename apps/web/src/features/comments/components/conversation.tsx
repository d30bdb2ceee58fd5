import { useEffect, useMemo, useRef } from 'react';
import { Alert, Anchor, Badge, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CommentThread, type CommentView, formatList } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useLanguage } from '../../../lib/language.ts';
import { markConversationRead, threadQuery, unreadQuery, useCommentStream } from '../api/comments.ts';
import { CommentComposer, type LineChoice } from './comment-composer.tsx';

/**
 * A selection's conversation (docs/comments.md): the buyers of the unit and the design centre
 * write on the selection or one of its lines. New messages arrive without a reload; what is on
 * screen is marked read.
 */
export function Conversation({ cartId, lines, asStaff }: { cartId: string; lines: LineChoice[]; asStaff: boolean }) {
  const t = useT();
  const thread = useQuery(threadQuery(cartId));
  useCommentStream(cartId);
  useMarkRead(cartId, thread.data);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`conversation-${cartId}`}
      data-testid="conversation"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id={`conversation-${cartId}`}>
            {asStaff ? t('app.comments.title-staff') : t('app.comments.title-buyer')}
          </Title>
        </Group>
        {thread.isError && <Alert color="red">{t('app.comments.not-loaded')}</Alert>}
        {!thread.data && !thread.isError && <Skeleton h={80} />}
        {thread.data && <Messages thread={thread.data} lines={lines} asStaff={asStaff} />}
        {thread.data && <CommentComposer cartId={cartId} lines={lines} people={thread.data.people} />}
      </Stack>
    </Card>
  );
}

/** What is on screen has been read: said to the server once per new message, and the counts asked again. */
function useMarkRead(cartId: string, thread: CommentThread | undefined) {
  const queryClient = useQueryClient();
  const said = useRef(-1);
  const count = thread?.comments.length ?? 0;
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (!unread || said.current === count) return;
    said.current = count;
    void markConversationRead(cartId).then(() => {
      queryClient.setQueryData(threadQuery(cartId).queryKey, (current) =>
        current ? { ...current, unread: 0 } : current,
      );
      return queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
    });
  }, [cartId, count, unread, queryClient]);
}

function Messages({ thread, lines, asStaff }: { thread: CommentThread; lines: LineChoice[]; asStaff: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const lineLabel = useMemo(() => new Map(lines.map((line) => [`${line.room}:${line.category}`, line.label])), [lines]);
  if (!thread.comments.length)
    return <Text c="dimmed">{asStaff ? t('app.comments.none-staff') : t('app.comments.none')}</Text>;
  const last = thread.comments.at(-1)!;
  const seenBy = thread.readers
    .filter((reader) => reader.readAt >= last.at && reader.id !== last.author)
    .map((reader) => reader.name);
  return (
    <Stack gap="xs" role="log" aria-live="polite">
      {thread.comments.map((comment) => (
        <Message
          key={comment._id}
          comment={comment}
          line={comment.line ? lineLabel.get(`${comment.line.room}:${comment.line.category}`) : undefined}
        />
      ))}
      {seenBy.length > 0 && (
        <Text size="xs" c="dimmed" ta="right" data-testid="seen-by">
          {t('app.comments.seen-by', { names: formatList(seenBy, locale) })}
        </Text>
      )}
    </Stack>
  );
}

function Message({ comment, line }: { comment: CommentView; line: string | undefined }) {
  const t = useT();
  const dates = useDates();
  const { locale } = useLanguage();
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={comment.mine ? 'var(--mantine-color-blue-light)' : undefined}
      ml={comment.mine ? 'xl' : 0}
      mr={comment.mine ? 0 : 'xl'}
      data-testid="comment"
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6}>
          <Text fw={600} size="sm">
            {comment.authorName}
          </Text>
          {comment.staff && (
            <Badge size="xs" variant="light">
              {t('app.comments.staff')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {dates.dateTime(comment.at)}
        </Text>
      </Group>
      {line && (
        <Text size="xs" c="dimmed">
          {line}
        </Text>
      )}
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
      {comment.mentions.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('app.comments.for', {
            names: formatList(
              comment.mentions.map((m) => m.name),
              locale,
            ),
          })}
        </Text>
      )}
      {comment.attachments.length > 0 && (
        <Group gap="xs" mt={6}>
          {comment.attachments.map((file) => (
            <Anchor key={file.id} href={`/api/files/${file.id}`} target="_blank" rel="noopener" size="sm">
              {file.type.startsWith('image/') ? (
                <img src={`/api/files/${file.id}`} alt={file.name} height={64} style={{ borderRadius: 4 }} />
              ) : (
                file.name
              )}
            </Anchor>
          ))}
        </Group>
      )}
    </Paper>
  );
}
