import { useState } from 'react';
import { useBlocker } from '@tanstack/react-router';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMENT_ATTACHMENTS_MAX,
  COMMENT_MAIL_AFTER_MINUTES,
  COMMENT_MAIL_GAP_HOURS,
  COMMENT_MAX_LENGTH,
  type CommentPerson,
} from '@decor/core';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { uploadFile } from '../../../lib/collection-store.ts';
import { meQuery } from '../../../lib/session.ts';
import { sendComment, threadQuery } from '../api/comments.ts';

/** A line of the selection a message may be about: a category in a room, named for people. */
export interface LineChoice {
  room: string;
  category: string;
  label: string;
}

const WHOLE = 'whole';

/**
 * Writing a message: about the whole selection or one line, telling chosen people, with photos
 * or PDFs. What is typed is never lost: leaving with an unsent message asks first, and a
 * refused message stays in the box with the reason.
 */
export function CommentComposer({
  cartId,
  lines,
  people,
}: {
  cartId: string;
  lines: LineChoice[];
  people: CommentPerson[];
}) {
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const [body, setBody] = useState('');
  const [about, setAbout] = useState<string>(WHOLE);
  const [mentions, setMentions] = useState<string[]>([]);
  const [attachments, setAttachments] = useState<Array<{ id: string; name: string }>>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const count = (value: number) => value.toLocaleString(locale);
  const over = body.trim().length - COMMENT_MAX_LENGTH;
  const isDirty = body.trim().length > 0 || attachments.length > 0;
  useBlocker({
    shouldBlockFn: () => isDirty && !window.confirm(t('app.notes.leave')),
    enableBeforeUnload: () => isDirty,
  });

  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(file.name);
    setProblem(null);
    try {
      const uploaded = await uploadFile({ file, configs: { purpose: 'comment' } });
      setAttachments((current) => [...current, { id: uploaded._id, name: uploaded.name }]);
    } catch (caught) {
      setProblem(
        `${t('app.comments.attach-failed', { name: file.name })} ${errorText(caught, 'app.comments.not-sent')}`,
      );
    } finally {
      setUploading(null);
    }
  };

  const send = async () => {
    setSending(true);
    setProblem(null);
    const line = lines.find((choice) => `${choice.room}:${choice.category}` === about);
    try {
      const sent = await sendComment(cartId, {
        body: body.trim(),
        ...(line ? { line: { room: line.room, category: line.category } } : {}),
        ...(mentions.length ? { mentions } : {}),
        ...(attachments.length ? { attachments: attachments.map((file) => file.id) } : {}),
      });
      queryClient.setQueryData(threadQuery(cartId).queryKey, (thread) =>
        thread && !thread.comments.some((known) => known._id === sent._id)
          ? { ...thread, comments: [...thread.comments, sent] }
          : thread,
      );
      setBody('');
      setMentions([]);
      setAttachments([]);
    } catch (caught) {
      setProblem(errorText(caught, 'app.comments.not-sent'));
    } finally {
      setSending(false);
    }
  };

  const others = people.filter((person) => person.id !== me?._id);
  return (
    <Stack gap="xs">
      <Textarea
        label={t('app.comments.message')}
        description={t('app.comments.count', { count: count(body.trim().length), max: count(COMMENT_MAX_LENGTH) })}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={over > 0 ? t('app.comments.too-long', { max: count(COMMENT_MAX_LENGTH), over: count(over) }) : undefined}
        autosize
        minRows={2}
        maxRows={10}
      />
      <Group grow align="flex-start" wrap="wrap" gap="xs">
        <Select
          label={t('app.comments.about')}
          data={[
            { value: WHOLE, label: t('app.comments.whole') },
            ...lines.map((line) => ({ value: `${line.room}:${line.category}`, label: line.label })),
          ]}
          value={about}
          onChange={(value) => setAbout(value ?? WHOLE)}
          allowDeselect={false}
          miw={200}
        />
        <MentionPicker people={others} value={mentions} onChange={setMentions} />
      </Group>
      {attachments.length > 0 && (
        <Group gap="xs">
          {attachments.map((file) => (
            <Group key={file.id} gap={2}>
              <Text size="sm">{file.name}</Text>
              <CloseButton
                size="sm"
                aria-label={t('app.comments.remove-attachment', { name: file.name })}
                onClick={() => setAttachments((current) => current.filter((known) => known.id !== file.id))}
              />
            </Group>
          ))}
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert" py={6}>
          {problem}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <FileButton onChange={attach} accept="image/png,image/jpeg,image/webp,application/pdf">
          {(props) => (
            <Button
              {...props}
              variant="subtle"
              size="sm"
              loading={uploading !== null}
              disabled={attachments.length >= COMMENT_ATTACHMENTS_MAX}
            >
              {t('app.comments.attach')}
            </Button>
          )}
        </FileButton>
        <Button onClick={send} loading={isSending} disabled={!body.trim() || over > 0 || uploading !== null}>
          {t('app.comments.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Whom to tell of a message, with when they will hear of it (docs/comments.md, "Digests by mail"). */
function MentionPicker({
  people,
  value,
  onChange,
}: {
  people: CommentPerson[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const t = useT();
  return (
    <MultiSelect
      label={t('app.comments.mention')}
      placeholder={value.length ? undefined : t('app.comments.mention-placeholder')}
      description={t('app.comments.mention-when', { after: COMMENT_MAIL_AFTER_MINUTES, gap: COMMENT_MAIL_GAP_HOURS })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data={people.map((person) => ({
        value: person.id,
        label: person.staff ? `${person.name} (${t('app.comments.staff')})` : person.name,
      }))}
      value={value}
      onChange={onChange}
      miw={200}
    />
  );
}
