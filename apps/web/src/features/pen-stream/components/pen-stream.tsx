import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../lib/i18n.ts';

interface ChangeEvent {
  project?: string;
  collection?: string;
  id?: string;
  version?: number;
  op: 'create' | 'update' | 'delete' | 'reset';
  /** A sales-centre screen's lifecycle (collection `$display`): registered, claimed, paired, released, disconnected, code-limit… */
  event?: string;
  at: string;
}

const KEEP = 200;
const OP_COLOR = { create: 'green', update: 'blue', delete: 'red', reset: 'orange' } as const;

/** `/admin/pen-stream`: every committed change of every project as it happens (the change feed, ids only). */
export function PenStream() {
  const t = useT();
  const projects = useQuery(adminProjectsQuery());
  const names = useMemo(() => new Map((projects.data ?? []).map((p) => [p._id, p.name])), [projects.data]);
  const [events, setEvents] = useState<ChangeEvent[]>([]);
  const [state, setState] = useState<'connecting' | 'open' | 'closed'>('connecting');
  const [ended, setEnded] = useState<'signed-out' | 'no-longer-admin' | null>(null);
  const [isPaused, setPaused] = useState(false);
  const { time } = useDates();

  useEffect(() => {
    if (isPaused) return;
    const source = new EventSource('/api/admin/changes/stream');
    source.onopen = () => setState('open');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
    source.onmessage = (message) => {
      try {
        const event = JSON.parse(message.data as string) as ChangeEvent;
        setEvents((list) => [event, ...list].slice(0, KEEP));
      } catch {
        // not an event of ours
      }
    };
    // The server ends the stream when the session that opened it ends (signed out, disabled, demoted).
    source.addEventListener('ended', (message) => {
      source.close();
      setState('closed');
      try {
        setEnded(
          (JSON.parse((message as MessageEvent<string>).data) as { reason: 'signed-out' | 'no-longer-admin' }).reason,
        );
      } catch {
        setEnded('signed-out');
      }
    });
    return () => source.close();
  }, [isPaused]);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge color={isPaused ? 'gray' : state === 'open' ? 'green' : 'orange'} data-testid="stream-state">
            {t('app.adm.pen.state', { state: isPaused ? 'paused' : state })}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('app.adm.pen.keep', { count: KEEP })}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setPaused(!isPaused)}>
            {isPaused ? t('app.adm.pen.resume') : t('app.adm.pen.pause')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setEvents([])}>
            {t('app.adm.pen.clear')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('app.adm.pen.help')}
      </Text>
      {state === 'closed' && !isPaused && (
        <Alert color="orange">
          {ended === 'signed-out'
            ? t('app.adm.pen.ended-session')
            : ended === 'no-longer-admin'
              ? t('app.adm.pen.ended-admin')
              : t('app.adm.pen.closed')}
        </Alert>
      )}
      {events.length === 0 ? (
        <Text c="dimmed">{t('app.adm.pen.nothing')}</Text>
      ) : (
        <DataTable
          minWidth={640}
          columns={[
            { label: t('app.adm.pen.col', { col: 'when' }) },
            { label: t('app.adm.pen.col', { col: 'what' }) },
            { label: t('app.adm.pen.col', { col: 'project' }) },
            { label: t('app.adm.pen.col', { col: 'collection' }) },
            { label: t('app.adm.pen.col', { col: 'item' }) },
            { label: t('app.adm.pen.col', { col: 'version' }), align: 'right' },
          ]}
          testId="pen-events"
        >
          {events.map((event, i) => (
            <Table.Tr key={`${event.at}-${event.id ?? ''}-${i}`}>
              <Table.Td>{time(event.at)}</Table.Td>
              <Table.Td>
                {event.collection === '$display' ? (
                  <Badge size="sm" variant="light" color="grape" data-testid="pen-display-event">
                    {t('app.adm.pen.screen', { event: event.event ?? event.op })}
                  </Badge>
                ) : (
                  <Badge size="sm" variant="light" color={OP_COLOR[event.op]}>
                    {t('app.adm.pen.op', { op: event.op })}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {event.project
                  ? (names.get(event.project) ?? event.project)
                  : event.collection === '$display'
                    ? '—'
                    : t('app.adm.pen.all')}
              </Table.Td>
              <Table.Td>
                {event.collection === '$display' ? t('app.adm.pen.screens') : (event.collection ?? '—')}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {event.id ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{event.version ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
