import { useMemo } from 'react';
import { Alert, Badge, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  finishesByRoom,
  formatDate,
  formattingLocale,
  groupCartLines,
  sortRooms,
  type SharedCartView,
  cartStatusWord,
} from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { RoomExplorer } from '../../../components/room/room-explorer.tsx';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { RoomLineCards } from '../../../components/selection/room-lines.tsx';
import { moneyFor } from '../../../lib/use-money.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

type SharedCart = SharedCartView;

/** `/preview?token=…`: a shared selection, read-only, with its rooms in 3D and prices only if the link allows. */
export function SharedPreview({ token }: { token: string | undefined }) {
  const shared = useQuery({
    queryKey: ['shared', token],
    queryFn: ({ signal }) => api<SharedCart>(`/api/shared/${encodeURIComponent(token!)}`, { signal }),
    enabled: Boolean(token),
    retry: false,
  });
  const t = useT();
  const errorText = useErrorText();
  if (!token) return <Problem text={t('app.shared.incomplete')} />;
  if (shared.isError) return <Problem text={errorText(shared.error, 'app.shared.not-loaded')} />;
  if (!shared.data) return <Skeleton h={480} radius="md" />;
  return <Preview data={shared.data} />;
}

function Problem({ text }: { text: string }) {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('app.shared.title')}
        </Title>
        <Alert color="orange" title={t('app.shared.broken')} data-testid="preview-problem">
          {text}
        </Alert>
      </Stack>
    </Container>
  );
}

function Preview({ data }: { data: SharedCart }) {
  const t = useT();
  const { language } = useLanguage();
  // The project's own locale for its own language; a reader of another language reads numbers and dates in theirs.
  const locale = formattingLocale(language, data.project.locale);
  const money = moneyFor({ currency: data.project.currency, locale });
  const day = (iso: string) => formatDate(iso, { ...data.project, locale });
  const view = useMemo(
    () => ({
      rooms: data.rooms,
      options: new Map(data.options.map((o) => [o._id, { ...o, price: o.price ?? 0 }])),
      categories: new Map(data.categories.map((c) => [c._id, c])),
      say: t,
    }),
    [data, t],
  );
  const rooms = useMemo(
    () => sceneRoomsOf(sortRooms(data.rooms), data.categories, data.plan?.rooms.length ? data.plan.rooms : null),
    [data],
  );
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
            {data.unit ? t('app.home.unit', { name: data.unit.name }) : t('app.shared.title')}
            {data.plan ? ` · ${data.plan.name}` : ''}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{cartStatusWord(data.status, 'buyer', t)}</Badge>
            <Text size="sm" c="dimmed">
              {t('app.shared.until', { date: day(data.expiresAt) })}
            </Text>
          </Group>
        </Stack>
        <RoomExplorer rooms={rooms} finishes={finishes} />
        <Stack gap="sm">
          <RoomLineCards groups={groups} money={data.showsPrices ? money : null} lineTestId="preview-line" />
          {data.package && (
            <Text>
              {t('app.shared.package', { name: data.package.name })}
              {data.showsPrices && data.package.price ? ` (${money(data.package.price)})` : ''}
            </Text>
          )}
          {data.showsPrices && typeof data.total === 'number' && (
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between">
                <Text fw={600}>{t('app.configure.upgrades-total')}</Text>
                <Text fw={700} fz="xl" data-testid="preview-total">
                  {money(data.total)}
                </Text>
              </Group>
              {(data.depositPercent ?? 0) > 0 && (
                <Group justify="space-between">
                  <Text c="dimmed">{t('app.review.deposit', { percent: data.depositPercent ?? 0 })}</Text>
                  <Text>{money(data.deposit ?? 0)}</Text>
                </Group>
              )}
            </Card>
          )}
          {data.signature && (
            <Text size="sm" c="dimmed">
              {t('app.shared.signed', { initials: data.signature.initials, date: day(data.signature.signedAt) })}
            </Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
