import { useState } from 'react';
import { Alert, Button, Card, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMENT_MAX_LENGTH } from '@decor/core';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { addStaffNote, unitNotesQuery } from '../api/comments.ts';

/** The design centre's notes on a unit (docs/comments.md, "Staff notes"): never shown to buyers. */
export function StaffNotes({ unitId, cartId }: { unitId: string; cartId?: string }) {
  const t = useT();
  const errorText = useErrorText();
  const dates = useDates();
  const queryClient = useQueryClient();
  const notes = useQuery(unitNotesQuery(unitId));
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const add = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const note = await addStaffNote(unitId, { body: body.trim(), ...(cartId ? { cart: cartId } : {}) });
      queryClient.setQueryData(unitNotesQuery(unitId).queryKey, (current) => [note, ...(current ?? [])]);
      setBody('');
    } catch (caught) {
      setProblem(errorText(caught, 'app.staff-notes.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="staff-notes"
      data-testid="staff-notes"
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id="staff-notes">
          {t('app.staff-notes.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.staff-notes.hint')}
        </Text>
        {notes.isError && <Alert color="red">{errorText(notes.error, 'app.staff-notes.failed')}</Alert>}
        {!notes.data && !notes.isError && <Skeleton h={40} />}
        {notes.data?.length === 0 && <Text c="dimmed">{t('app.staff-notes.none')}</Text>}
        {notes.data?.map((note) => (
          <Paper
            key={note._id}
            withBorder
            p="sm"
            radius="md"
            bg="var(--mantine-color-yellow-light)"
            data-testid="staff-note"
          >
            <Text size="xs" c="dimmed">
              {t('app.staff-notes.by', { name: note.authorName, date: dates.dateTime(note.at) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.body}
            </Text>
          </Paper>
        ))}
        <Textarea
          label={t('app.staff-notes.new')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={
            body.trim().length > COMMENT_MAX_LENGTH
              ? t('app.comments.too-long', { max: COMMENT_MAX_LENGTH, over: body.trim().length - COMMENT_MAX_LENGTH })
              : undefined
          }
          autosize
          minRows={2}
        />
        {problem && <Alert color="red">{problem}</Alert>}
        <Button
          variant="light"
          onClick={add}
          loading={isSaving}
          disabled={!body.trim() || body.trim().length > COMMENT_MAX_LENGTH}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('app.staff-notes.add')}
        </Button>
      </Stack>
    </Card>
  );
}
