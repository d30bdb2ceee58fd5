import { BuyerAccess } from '../../../components/selection/buyer-access.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatArea, formatDateTime, type UnitSystem, cartStatusWord } from '@decor/core';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { myCartsQuery, type CartSummary } from '../../../lib/cart-summary.ts';
import { useProject } from '../../../lib/project.ts';
import { useMoney } from '../../../lib/use-money.ts';

const STATUS: Record<CartSummary['status'], { label: string; color: string; hint: string }> = {
  draft: { label: cartStatusWord('draft'), color: 'blue', hint: 'Your choices are saved as you make them.' },
  submitted: { label: cartStatusWord('submitted'), color: 'grape', hint: 'The design centre is reviewing your selection.' },
  approved: { label: cartStatusWord('approved'), color: 'green', hint: 'Your selection is approved and on its way to the trades.' },
  locked: { label: cartStatusWord('locked'), color: 'orange', hint: 'Contact the design centre to make changes.' },
};

const DAY_MS = 86_400_000;

/** "12 days left", "Due today", "Deadline passed". */
export function deadlineText(deadline: string | null, now = Date.now()): string | null {
  if (!deadline) return null;
  const days = Math.ceil((Date.parse(deadline) - now) / DAY_MS);
  if (days < 0) return 'Deadline passed';
  if (days === 0) return 'Due today';
  return days === 1 ? '1 day left to choose' : `${days} days left to choose`;
}

/** `/`: the buyer's home — unit, progress, upgrades total, deposit, status, and the way on. */
export function MyHome() {
  const { data: project } = useProject();
  const { data: carts, isLoading, isError, error, refetch } = useQuery(myCartsQuery);
  const money = useMoney();

  if (isLoading || !project) return <Skeleton h={260} radius="md" />;
  // Not a member of this project (403), or no unit yet: say how to get in, not that something failed.
  const isNotMember = isError && error instanceof ApiError && error.code === 'forbidden';
  if (isError || !carts?.length)
    return <BuyerAccess isNotMember={isNotMember} hasNoCart={!isError} isError={isError && !isNotMember} error={error} retry={refetch} what="Your home" />;
  const unitSystem = project.options.unitSystem as UnitSystem;

  return (
    <Stack gap="lg">
      {carts.map((cart) => {
        const status = STATUS[cart.status];
        const percent = cart.progress.total ? Math.round((cart.progress.done / cart.progress.total) * 100) : 100;
        const countdown = deadlineText(cart.deadline);
        return (
          <Stack key={cart._id} gap="md" data-testid="home-cart">
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    {project.name}
                  </Text>
                  <Title order={2}>Unit {cart.unit.name}</Title>
                  <Text>
                    {[
                      cart.plan?.name,
                      cart.plan ? `${cart.plan.bedrooms} bed · ${cart.plan.bathrooms} bath` : null,
                      `Floor ${cart.unit.floor}`,
                      cart.unit.area ? formatArea(cart.unit.area, unitSystem, project.options.locale) : null,
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
                    <Text fw={600} c={countdown === 'Due today' ? 'orange.8' : undefined} data-testid="deadline">
                      {countdown}
                    </Text>
                  )}
                  {cart.deadline && cart.status === 'draft' && (
                    // The day itself, not only a count, in the project's time zone: "Due Monday, December 14, 2026 at 11:59 PM PST".
                    <Text size="sm" c="dimmed" data-testid="deadline-date">
                      Due {formatDateTime(cart.deadline, project.options, { weekday: true })}
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
                  Required choices
                </Text>
                <Text fz={28} fw={700} data-testid="progress">
                  {cart.progress.done} of {cart.progress.total}
                </Text>
                <Progress value={percent} mt="xs" aria-label="Required choices made" />
                {cart.progress.missing.length > 0 && (
                  <Text size="xs" c="dimmed" mt={6}>
                    Still to choose: {cart.progress.missing.join(', ')}
                  </Text>
                )}
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Text size="sm" c="dimmed">
                  Upgrades
                </Text>
                <Text fz={28} fw={700} data-testid="upgrades-total">
                  {money(cart.total)}
                </Text>
                <Text size="xs" c="dimmed">
                  over the standard finishes, before tax
                </Text>
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Text size="sm" c="dimmed">
                  Deposit on upgrades
                </Text>
                <Text fz={28} fw={700} data-testid="deposit">
                  {money(cart.deposit)}
                </Text>
                <Text size="xs" c="dimmed">
                  {cart.depositPercent ? `${cart.depositPercent} % of the upgrades` : 'No deposit for this project'}
                </Text>
              </Card>
            </SimpleGrid>
            <Group>
              <LinkButton to="/configure" size="md">
                {cart.status === 'draft' ? 'Choose my finishes' : 'See my finishes'}
              </LinkButton>
              <LinkButton to="/explore" size="md" variant="light">
                Explore in 3D
              </LinkButton>
              <LinkButton to="/config/{-$cartId}" params={{ cartId: undefined }} size="md" variant="default">
                My selection
              </LinkButton>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
