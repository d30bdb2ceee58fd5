import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { openLiveSocket, type LiveSocket } from '../api/live-socket.ts';
import { roundTripVerdict } from '@decor/core';
import { VerdictLine } from './verdict-line.tsx';

/** Pings per run, one every 50 ms (10 s). */
const PINGS = 200;
const GAP_MS = 50;

interface Sample {
  ms: number;
  server: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * `/test/gamelift`: the realtime channel measured from this browser (docs/displays.md,
 * "Diagnostics"): round trips to the server (p50, p95, p99, max and a histogram), reconnections,
 * which server answered; and the same through the bus between servers (PostgreSQL's NOTIFY).
 */
export function RealtimeDiagnostic() {
  const socket = useRef<LiveSocket | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [reconnects, setReconnects] = useState(0);
  const [path, setPath] = useState<'direct' | 'bus'>('direct');
  const [samples, setSamples] = useState<Sample[]>([]);
  const [running, setRunning] = useState(false);
  const sentAt = useRef(new Map<number, number>());

  useEffect(() => {
    let opened = 0;
    const live = openLiveSocket({
      greeting: () => ({ type: 'probe' }),
      onOpenChange: (open) => {
        setOpen(open);
        if (open && ++opened > 1) setReconnects((n) => n + 1);
      },
      onPush: (push) => {
        if (push.type !== 'pong' || !sentAt.current.has(push.t)) return;
        const ms = performance.now() - sentAt.current.get(push.t)!;
        sentAt.current.delete(push.t);
        setSamples((list) => [...list, { ms, server: push.server }]);
      },
    });
    socket.current = live;
    return () => live.close();
  }, []);

  const run = async () => {
    setSamples([]);
    setRunning(true);
    for (let i = 0; i < PINGS; i++) {
      const t = performance.now();
      sentAt.current.set(t, t);
      socket.current?.send({ type: 'ping', t, ...(path === 'bus' ? { bus: true } : {}) });
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    setRunning(false);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1} fz={28}>
          Realtime diagnostic
        </Title>
        <Text c="dimmed">
          Round trips of the sales-centre screens&apos; live channel from this browser: {PINGS} pings, one every{' '}
          {GAP_MS} ms. &ldquo;Through the bus&rdquo; sends each answer out through PostgreSQL&apos;s NOTIFY and back, as
          a phone on one server reaches a screen on another.
        </Text>
        <Group gap="sm">
          <Badge color={isOpen ? 'green' : 'orange'} data-testid="probe-state">
            {isOpen ? 'Connected' : 'Connecting…'}
          </Badge>
          <Text size="sm">Reconnections: {reconnects}</Text>
        </Group>
        <Group gap="sm" align="end">
          <SegmentedControl
            value={path}
            onChange={(value) => setPath(value as 'direct' | 'bus')}
            data={[
              { value: 'direct', label: 'Direct' },
              { value: 'bus', label: 'Through the bus' },
            ]}
          />
          <Button onClick={() => void run()} loading={running} disabled={!isOpen}>
            Measure
          </Button>
        </Group>
        {samples.length > 0 && <ProbeResults samples={samples} />}
        {!isOpen && reconnects > 2 && (
          <Alert color="orange">
            The live channel keeps dropping: a proxy between this browser and the portal may not pass WebSockets.
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

/** A measure's round trips: percentiles, a histogram, the servers that answered, and the verdict for a sales centre. */
function ProbeResults({ samples }: { samples: Sample[] }) {
  const [sorted, servers] = [
    samples.map((s) => s.ms).sort((a, b) => a - b),
    [...new Set(samples.map((s) => s.server))],
  ];
  const buckets = [1, 2, 5, 10, 25, 50, 100, Infinity].map((limit, i, all) => ({
    label: limit === Infinity ? `> ${all[i - 1]} ms` : `≤ ${limit} ms`,
    count: sorted.filter((ms) => ms <= limit && (i === 0 || ms > all[i - 1]!)).length,
  }));
  const most = Math.max(1, ...buckets.map((b) => b.count));
  return (
    <Card withBorder radius="md" data-testid="probe-results" data-count={samples.length}>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {[
          ['p50', percentile(sorted, 0.5)],
          ['p95', percentile(sorted, 0.95)],
          ['p99', percentile(sorted, 0.99)],
          ['max', sorted.at(-1) ?? 0],
          ['answers', samples.length],
        ].map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg" data-testid={`probe-${label}`}>
              {label === 'answers' ? `${value} / ${PINGS}` : `${round(value as number)} ms`}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Stack gap={4} mt="md" aria-label="Histogram of round trips">
        {buckets.map((bucket) => (
          <Group key={bucket.label} gap="xs" wrap="nowrap">
            <Text size="xs" w={80}>
              {bucket.label}
            </Text>
            <div
              style={{
                height: 12,
                width: `${(bucket.count / most) * 70}%`,
                background: 'var(--mantine-primary-color-filled)',
                borderRadius: 3,
              }}
            />
            <Text size="xs">{bucket.count}</Text>
          </Group>
        ))}
      </Stack>
      <Text size="sm" mt="sm">
        Answered by server {servers.join(', ')}
      </Text>
      {samples.length === PINGS && <VerdictLine verdict={roundTripVerdict({ p99: percentile(sorted, 0.99) })} />}
    </Card>
  );
}
