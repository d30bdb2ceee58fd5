import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';

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
        setEnded((JSON.parse((message as MessageEvent<string>).data) as { reason: 'signed-out' | 'no-longer-admin' }).reason);
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
            {isPaused ? 'Paused' : state === 'open' ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Closed'}
          </Badge>
          <Text size="sm" c="dimmed">
            The last {KEEP} changes are kept on this page.
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setPaused(!isPaused)}>
            {isPaused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setEvents([])}>
            Clear
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Every committed write of every project, as every server hears it (the change feed): which project, which collection, which item, its new version; and
        what happens to the sales-centre screens (registered, claimed, paired, released, disconnected, too many wrong codes), never what a visitor chose.
      </Text>
      {state === 'closed' && !isPaused && (
        <Alert color="orange">
          {ended === 'signed-out'
            ? 'The stream ended because your session ended: sign in again to listen.'
            : ended === 'no-longer-admin'
              ? 'The stream ended because you are no longer a platform administrator.'
              : 'The stream closed. Reload the page to listen again.'}
        </Alert>
      )}
      {events.length === 0 ? (
        <Text c="dimmed">Nothing has changed since you opened this page.</Text>
      ) : (
        <DataTable
          minWidth={640}
          columns={[
            { label: 'When' },
            { label: 'What' },
            { label: 'Project' },
            { label: 'Collection' },
            { label: 'Item' },
            { label: 'Version', align: 'right' },
          ]}
          testId="pen-events"
        >
          {events.map((event, i) => (
            <Table.Tr key={`${event.at}-${event.id ?? ''}-${i}`}>
              <Table.Td>{time(event.at)}</Table.Td>
              <Table.Td>
                {event.collection === '$display' ? (
                  <Badge size="sm" variant="light" color="grape" data-testid="pen-display-event">
                    screen {event.event ?? event.op}
                  </Badge>
                ) : (
                  <Badge size="sm" variant="light" color={OP_COLOR[event.op]}>
                    {event.op}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{event.project ? (names.get(event.project) ?? event.project) : event.collection === '$display' ? '—' : 'all'}</Table.Td>
              <Table.Td>{event.collection === '$display' ? 'Screens' : (event.collection ?? '—')}</Table.Td>
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
