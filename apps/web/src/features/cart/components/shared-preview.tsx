import { useMemo } from 'react';
import { Alert, Badge, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { finishesByRoom, formatDate, groupCartLines, sortRooms, type SharedCartView, cartStatusWord } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { RoomExplorer } from '../../../components/room/room-explorer.tsx';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { RoomLineCards } from '../../../components/selection/room-lines.tsx';
import { moneyFor } from '../../../lib/use-money.ts';

type SharedCart = SharedCartView;

/** `/preview?token=…`: a shared selection, read-only, with its rooms in 3D and prices only if the link allows. */
export function SharedPreview({ token }: { token: string | undefined }) {
  const shared = useQuery({
    queryKey: ['shared', token],
    queryFn: ({ signal }) => api<SharedCart>(`/api/shared/${encodeURIComponent(token!)}`, { signal }),
    enabled: Boolean(token),
    retry: false,
  });
  if (!token) return <Problem text="This link is incomplete: it has no share code. Ask for the link again." />;
  if (shared.isError) return <Problem text={shared.error instanceof ApiError ? shared.error.message : 'This shared selection could not be loaded.'} />;
  if (!shared.data) return <Skeleton h={480} radius="md" />;
  return <Preview data={shared.data} />;
}

function Problem({ text }: { text: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Shared selection
        </Title>
        <Alert color="orange" title="This link does not work" data-testid="preview-problem">
          {text}
        </Alert>
      </Stack>
    </Container>
  );
}

function Preview({ data }: { data: SharedCart }) {
  const money = moneyFor({ currency: data.project.currency, locale: data.project.locale });
  const view = useMemo(
    () => ({
      rooms: data.rooms,
      options: new Map(data.options.map((o) => [o._id, { ...o, price: o.price ?? 0 }])),
      categories: new Map(data.categories.map((c) => [c._id, c])),
    }),
    [data],
  );
  const rooms = useMemo(() => sceneRoomsOf(sortRooms(data.rooms), data.categories, data.plan?.rooms.length ? data.plan.rooms : null), [data]);
  const finishes = useMemo(() => finishesByRoom(data.selections, { ...view, rooms }), [data.selections, view, rooms]);
  const groups = useMemo(() => groupCartLines(data.selections, view), [data.selections, view]);

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed" fw={600}>
            {data.project.name}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {data.unit ? `Unit ${data.unit.name}` : 'Shared selection'}
            {data.plan ? ` · ${data.plan.name}` : ''}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{cartStatusWord(data.status)}</Badge>
            <Text size="sm" c="dimmed">
              Read-only · shared until {formatDate(data.expiresAt, data.project)}
            </Text>
          </Group>
        </Stack>
        <RoomExplorer rooms={rooms} finishes={finishes} />
        <Stack gap="sm">
          <RoomLineCards groups={groups} money={data.showsPrices ? money : null} lineTestId="preview-line" />
          {data.package && (
            <Text>
              Package: {data.package.name}
              {data.showsPrices && data.package.price ? ` (${money(data.package.price)})` : ''}
            </Text>
          )}
          {data.showsPrices && typeof data.total === 'number' && (
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between">
                <Text fw={600}>Upgrades total</Text>
                <Text fw={700} fz="xl" data-testid="preview-total">
                  {money(data.total)}
                </Text>
              </Group>
              {(data.depositPercent ?? 0) > 0 && (
                <Group justify="space-between">
                  <Text c="dimmed">Deposit ({data.depositPercent} %)</Text>
                  <Text>{money(data.deposit ?? 0)}</Text>
                </Group>
              )}
            </Card>
          )}
          {data.signature && (
            <Text size="sm" c="dimmed">
              Signed by {data.signature.initials} on {formatDate(data.signature.signedAt, data.project)}
            </Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
