import type { ReactNode } from 'react';
import { BuyerAccess } from '../../../components/selection/buyer-access.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatArea, formatList, type Translate, type UnitSystem, cartStatusWord } from '@decor/core';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { myCartsQuery, type CartSummary } from '../../../lib/cart-summary.ts';
import { useProject } from '../../../lib/project.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';

const STATUS_COLOURS: Record<CartSummary['status'], string> = {
  draft: 'blue',
  submitted: 'grape',
  approved: 'green',
  locked: 'orange',
};

const DAY_MS = 86_400_000;

/** "12 days left", "Due today", "Deadline passed", with whether it is due today. */
export function deadlineText(
  t: Translate,
  deadline: string | null,
  now = Date.now(),
): { text: string; isToday: boolean } | null {
  if (!deadline) return null;
  const days = Math.ceil((Date.parse(deadline) - now) / DAY_MS);
  if (days < 0) return { text: t('app.home.deadline-passed'), isToday: false };
  if (days === 0) return { text: t('app.home.due-today'), isToday: true };
  return { text: t('app.home.days-left', { days }), isToday: false };
}

/** `/`: the buyer's home — unit, progress, upgrades total, deposit, status, and the way on. */
export function MyHome({ below }: { below?: (cart: { _id: string; status: string }) => ReactNode }) {
  const { data: project } = useProject();
  const { data: carts, isLoading, isError, error, refetch } = useQuery(myCartsQuery);
  const money = useMoney();
  const t = useT();
  const dates = useDates();

  if (isLoading || !project) return <Skeleton h={260} radius="md" />;
  // Not a member of this project (403), or no unit yet: say how to get in, not that something failed.
  const isNotMember = isError && error instanceof ApiError && error.code === 'forbidden';
  if (isError || !carts?.length)
    return (
      <BuyerAccess
        isNotMember={isNotMember}
        hasNoCart={!isError}
        isError={isError && !isNotMember}
        error={error}
        retry={refetch}
        what={t('app.home.your-home')}
      />
    );
  const unitSystem = project.options.unitSystem as UnitSystem;

  return (
    <Stack gap="lg">
      {carts.map((cart) => {
        const status = {
          label: cartStatusWord(cart.status, 'buyer', t),
          color: STATUS_COLOURS[cart.status],
          hint: t(`app.home.hint.${cart.status}`),
        };
        const percent = cart.progress.total ? Math.round((cart.progress.done / cart.progress.total) * 100) : 100;
        const countdown = deadlineText(t, cart.deadline);
        return (
          <Stack key={cart._id} gap="md" data-testid="home-cart">
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    {project.name}
                  </Text>
                  <Title order={2}>{t('app.home.unit', { name: cart.unit.name })}</Title>
                  <Text>
                    {[
                      cart.plan?.name,
                      cart.plan
                        ? t('app.home.rooms', { bedrooms: cart.plan.bedrooms, bathrooms: cart.plan.bathrooms })
                        : null,
                      t('app.home.floor', { floor: cart.unit.floor }),
                      cart.unit.area ? formatArea(cart.unit.area, unitSystem, dates.zone.locale) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Badge color={status.color} size="lg" variant="light" data-testid="cart-status">
                    {status.label}
                  </Badge>
                  {countdown && cart.status === 'draft' && (
                    <Text fw={600} c={countdown.isToday ? 'orange.8' : undefined} data-testid="deadline">
                      {countdown.text}
                    </Text>
                  )}
                  {cart.deadline && cart.status === 'draft' && (
                    // The day itself, not only a count, in the project's time zone: "Due Monday, December 14, 2026 at 11:59 PM PST".
                    <Text size="sm" c="dimmed" data-testid="deadline-date">
                      {t('app.home.due', { date: dates.dateTime(cart.deadline, { weekday: true }) })}
                    </Text>
                  )}
                </Stack>
              </Group>
              <Text size="sm" c="dimmed" mt="sm">
                {status.hint}
              </Text>
            </Card>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Card withBorder radius="md" padding="lg">
                <Text size="sm" c="dimmed">
                  {t('app.home.required')}
                </Text>
                <Text fz={28} fw={700} data-testid="progress">
                  {t('app.home.progress', { done: cart.progress.done, total: cart.progress.total })}
                </Text>
                <Progress value={percent} mt="xs" aria-label={t('app.home.progress-label')} />
                {cart.progress.missing.length > 0 && (
                  <Text size="xs" c="dimmed" mt={6}>
                    {t('app.home.still-to-choose', { list: formatList(cart.progress.missing, dates.zone.locale) })}
                  </Text>
                )}
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Text size="sm" c="dimmed">
                  {t('app.home.upgrades')}
                </Text>
                <Text fz={28} fw={700} data-testid="upgrades-total">
                  {money(cart.total)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('app.home.over-standard')}
                </Text>
              </Card>
              <DepositCard deposit={cart.deposit} percent={cart.depositPercent} />
            </SimpleGrid>
            {below?.(cart)}
            <Group>
              <LinkButton to="/configure" size="md">
                {cart.status === 'draft' ? t('app.home.choose') : t('app.home.see')}
              </LinkButton>
              <LinkButton to="/explore" size="md" variant="light">
                {t('app.home.explore')}
              </LinkButton>
              <LinkButton to="/config/{-$cartId}" params={{ cartId: undefined }} size="md" variant="default">
                {t('app.home.selection')}
              </LinkButton>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The deposit the selection asks, as a share of the upgrades. */
function DepositCard({ deposit, percent }: { deposit: number; percent: number | undefined }) {
  const t = useT();
  const money = useMoney();
  return (
    <Card withBorder radius="md" padding="lg">
      <Text size="sm" c="dimmed">
        {t('app.home.deposit')}
      </Text>
      <Text fz={28} fw={700} data-testid="deposit">
        {money(deposit)}
      </Text>
      <Text size="xs" c="dimmed">
        {percent ? t('app.home.deposit-percent', { percent: percent }) : t('app.home.no-deposit')}
      </Text>
    </Card>
  );
}
