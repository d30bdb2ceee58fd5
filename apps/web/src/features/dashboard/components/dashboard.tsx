import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dashboardQuery } from '../api/get-dashboard.ts';
import type { CartFilter, Dashboard, UnitRow } from '../../../lib/back-office-types.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { CART_STATUS_COLOR, CART_STATUS_LABEL, UNIT_STATUS_COLOR, UNIT_STATUS_LABEL } from '../../../lib/status-labels.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { DASHBOARD_LISTS, type AccessLinksView, type DashboardFigure, type LeadStatus } from '@decor/core';

// The bars are their own chunk: only this page loads them (docs/back-office.md, "Dashboard").
const StatusBar = lazy(() => import('./status-bar.tsx'));

type Target =
  | { to: '/manage/carts/{-$id}'; search?: CartFilter }
  | { to: '/manage/unit-avail'; search?: { status?: UnitRow['status'] } }
  | { to: '/manage/access-links'; search?: { show?: AccessLinksView } }
  | { to: '/manage/leads/{-$id}'; search?: { status?: LeadStatus } }
  | { to: '/manage/settings'; search?: undefined };

/** A number that opens the list behind it. */
function Figure({ label, value, link, hint }: { label: string; value: ReactNode; link: Target; hint?: string }) {
  return (
    <AnchorLink to={link.to} search={(link.search ?? {}) as never} underline="never" c="inherit">
      <StatCard label={label} value={value} hint={hint} />
    </AnchorLink>
  );
}

/** The list a counted figure opens: exactly its rows (DASHBOARD_LISTS, checked by the server's test). */
const listOf = (figure: DashboardFigure): Target => {
  const { page, search } = DASHBOARD_LISTS[figure];
  return { to: page, search } as Target;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** `/manage`: the project at a glance; every number links to the list behind it. */
export function ManageDashboard() {
  const board = useQuery(dashboardQuery);
  if (board.isError) return <Alert color="red">{board.error instanceof ApiError ? board.error.message : 'The dashboard could not be loaded.'}</Alert>;
  if (!board.data) return <Skeleton h={420} radius="md" />;
  return <Board board={board.data} />;
}

function Board({ board }: { board: Dashboard }) {
  const money = useMoney();
  const carts = board.carts;
  return (
    <Stack gap="xl">
      <Section title="Selections">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(['draft', 'locked', 'submitted', 'approved'] as const).map((status) => (
            <Figure key={status} label={CART_STATUS_LABEL[status]} value={carts[status]} link={listOf(`carts.${status}`)} />
          ))}
        </SimpleGrid>
        <Suspense fallback={<Skeleton h={32} />}>
          <StatusBar
            label="Selections by status"
            parts={(['draft', 'locked', 'submitted', 'approved'] as const).map((s) => ({
              label: CART_STATUS_LABEL[s],
              value: carts[s],
              color: CART_STATUS_COLOR[s],
            }))}
          />
        </Suspense>
      </Section>

      <Section title="Deadlines and revenue">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="Due this week" value={board.deadlines.week} hint="Open selections due in 7 days" link={listOf('deadlines.week')} />
          <Figure label="Review overdue" value={board.deadlines.reviewOverdue} hint="Signed, past the review-by day" link={listOf('deadlines.reviewOverdue')} />
          <Figure label="Approved upgrades" value={money(board.revenue.approved)} link={{ to: '/manage/carts/{-$id}', search: { status: 'approved' } }} />
          <Figure
            label="Awaiting approval"
            value={money(board.revenue.pending)}
            hint={`${money(board.revenue.open)} still being chosen`}
            link={{ to: '/manage/carts/{-$id}', search: { status: 'submitted' } }}
          />
        </SimpleGrid>
      </Section>

      <Section title="Buyers">
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Figure label="Invited" value={board.buyers.invited} hint="Invitations waiting for their buyer" link={listOf('buyers.invited')} />
          <Figure label="Joined" value={board.buyers.joined} hint="Buyers with an account here" link={listOf('buyers.joined')} />
          <Figure label="Signed in" value={board.buyers.signedIn} hint="Of those, who have signed in" link={listOf('buyers.signedIn')} />
          <Figure label="Homes signed" value={board.buyers.submitted} hint="Awaiting approval or approved" link={listOf('buyers.submitted')} />
          <Figure label="Homes approved" value={board.buyers.approved} link={listOf('buyers.approved')} />
        </SimpleGrid>
      </Section>

      <Section title="Leads and website">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="New leads" value={board.front.leadsNew} hint="Not contacted yet" link={{ to: '/manage/leads/{-$id}', search: { status: 'new' } }} />
          <Figure
            label="Held for review"
            value={board.front.leadsHeld}
            hint="Inquiries that look like spam"
            link={{ to: '/manage/leads/{-$id}', search: { status: 'held' } }}
          />
          <Figure label="Widget views" value={board.front.widgetViews} hint="On your website, last 30 days" link={{ to: '/manage/settings' }} />
          <Figure label="Widget clicks" value={board.front.widgetClicks} hint="Last 30 days" link={{ to: '/manage/settings' }} />
        </SimpleGrid>
      </Section>

      <Section title="Units">
        <SimpleGrid cols={{ base: 3 }}>
          {(['available', 'reserved', 'sold'] as const).map((status) => (
            <Figure key={status} label={UNIT_STATUS_LABEL[status]} value={board.units[status]} link={{ to: '/manage/unit-avail', search: { status } }} />
          ))}
        </SimpleGrid>
        <Suspense fallback={<Skeleton h={32} />}>
          <StatusBar
            label="Units by status"
            parts={(['available', 'reserved', 'sold'] as const).map((s) => ({
              label: UNIT_STATUS_LABEL[s],
              value: board.units[s],
              color: UNIT_STATUS_COLOR[s],
            }))}
          />
        </Suspense>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Most chosen upgrades">
          {board.topOptions.length === 0 ? (
            <Text c="dimmed">No upgrades chosen yet.</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {board.topOptions.map((option) => (
                  <Table.Tr key={option.id}>
                    <Table.Td>
                      <AnchorLink to="/manage/carts/{-$id}" search={{ option: option.id }}>
                        {option.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td ta="right">{option.count === 1 ? '1 home' : `${option.count} homes`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section title="Upgrade revenue by category">
          {board.topCategories.length === 0 ? (
            <Text c="dimmed">No upgrades chosen yet.</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {board.topCategories.map((category) => (
                  <Table.Tr key={category.id}>
                    <Table.Td>{category.name}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Text size="sm">{money(category.upgrades)}</Text>
                        <Text size="xs" c="dimmed">
                          ({category.count})
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
