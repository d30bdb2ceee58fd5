import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dashboardQuery } from '../api/get-dashboard.ts';
import type { CartFilter, Dashboard, UnitRow } from '../../../lib/back-office-types.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { CART_STATUS_COLOR, UNIT_STATUS_COLOR, useStatusWords } from '../../../lib/status-labels.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { DASHBOARD_LISTS, type AccessLinksView, type DashboardFigure, type LeadStatus } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';

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

function Section({ title, report, children }: { title: string; report?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {/* The same figures as a report, with their chart and the rest of the list. */}
        {report && (
          <AnchorLink to="/manage/reports" search={report === 'take-rate' ? {} : { report }} size="sm">
            {t('app.dash.in-reports')}
          </AnchorLink>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** `/manage`: the project at a glance; every number links to the list behind it. */
export function ManageDashboard() {
  const board = useQuery(dashboardQuery);
  const t = useT();
  if (board.isError)
    return (
      <Alert color="red">{board.error instanceof ApiError ? board.error.message : t('app.dash.not-loaded')}</Alert>
    );
  if (!board.data) return <Skeleton h={420} radius="md" />;
  return <Board board={board.data} />;
}

function Board({ board }: { board: Dashboard }) {
  const money = useMoney();
  const t = useT();
  const words = useStatusWords();
  const carts = board.carts;
  return (
    <Stack gap="xl">
      <Section title={t('app.dash.selections')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(['draft', 'locked', 'submitted', 'approved'] as const).map((status) => (
            <Figure key={status} label={words.cart(status)} value={carts[status]} link={listOf(`carts.${status}`)} />
          ))}
        </SimpleGrid>
        <Suspense fallback={<Skeleton h={32} />}>
          <StatusBar
            label={t('app.dash.by-status')}
            parts={(['draft', 'locked', 'submitted', 'approved'] as const).map((s) => ({
              label: words.cart(s),
              value: carts[s],
              color: CART_STATUS_COLOR[s],
            }))}
          />
        </Suspense>
      </Section>

      <Section title={t('app.dash.deadlines')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label={t('app.dash.due-week')}
            value={board.deadlines.week}
            hint={t('app.dash.due-week-hint')}
            link={listOf('deadlines.week')}
          />
          <Figure
            label={t('app.dash.overdue')}
            value={board.deadlines.reviewOverdue}
            hint={t('app.dash.overdue-hint')}
            link={listOf('deadlines.reviewOverdue')}
          />
          <Figure
            label={t('app.dash.approved')}
            value={money(board.revenue.approved)}
            link={{ to: '/manage/carts/{-$id}', search: { status: 'approved' } }}
          />
          <Figure
            label={t('app.dash.pending')}
            value={money(board.revenue.pending)}
            hint={t('app.dash.open', { amount: money(board.revenue.open) })}
            link={{ to: '/manage/carts/{-$id}', search: { status: 'submitted' } }}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('app.dash.buyers')}>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Figure
            label={t('app.dash.invited')}
            value={board.buyers.invited}
            hint={t('app.dash.invited-hint')}
            link={listOf('buyers.invited')}
          />
          <Figure
            label={t('app.dash.joined')}
            value={board.buyers.joined}
            hint={t('app.dash.joined-hint')}
            link={listOf('buyers.joined')}
          />
          <Figure
            label={t('app.dash.signed-in')}
            value={board.buyers.signedIn}
            hint={t('app.dash.signed-in-hint')}
            link={listOf('buyers.signedIn')}
          />
          <Figure
            label={t('app.dash.homes-signed')}
            value={board.buyers.submitted}
            hint={t('app.dash.homes-signed-hint')}
            link={listOf('buyers.submitted')}
          />
          <Figure label={t('app.dash.homes-approved')} value={board.buyers.approved} link={listOf('buyers.approved')} />
        </SimpleGrid>
      </Section>

      {board.mailRefused.count > 0 && <MailRefused refused={board.mailRefused} />}

      <Section title={t('app.dash.front')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label={t('app.dash.leads-new')}
            value={board.front.leadsNew}
            hint={t('app.dash.leads-new-hint')}
            link={{ to: '/manage/leads/{-$id}', search: { status: 'new' } }}
          />
          <Figure
            label={t('app.dash.held')}
            value={board.front.leadsHeld}
            hint={t('app.dash.held-hint')}
            link={{ to: '/manage/leads/{-$id}', search: { status: 'held' } }}
          />
          <Figure
            label={t('app.dash.views')}
            value={board.front.widgetViews}
            hint={t('app.dash.views-hint')}
            link={{ to: '/manage/settings' }}
          />
          <Figure
            label={t('app.dash.clicks')}
            value={board.front.widgetClicks}
            hint={t('app.dash.clicks-hint')}
            link={{ to: '/manage/settings' }}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('app.dash.units')}>
        <SimpleGrid cols={{ base: 3 }}>
          {(['available', 'reserved', 'sold'] as const).map((status) => (
            <Figure
              key={status}
              label={words.unit(status)}
              value={board.units[status]}
              link={{ to: '/manage/unit-avail', search: { status } }}
            />
          ))}
        </SimpleGrid>
        <Suspense fallback={<Skeleton h={32} />}>
          <StatusBar
            label={t('app.dash.units-by-status')}
            parts={(['available', 'reserved', 'sold'] as const).map((s) => ({
              label: words.unit(s),
              value: board.units[s],
              color: UNIT_STATUS_COLOR[s],
            }))}
          />
        </Suspense>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('app.dash.top-options')} report="take-rate">
          {board.topOptions.length === 0 ? (
            <Text c="dimmed">{t('app.dash.none')}</Text>
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
                    <Table.Td ta="right">{t('app.dash.homes', { count: option.count })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section title={t('app.dash.by-category')} report="revenue">
          {board.topCategories.length === 0 ? (
            <Text c="dimmed">{t('app.dash.none')}</Text>
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

/** The addresses the mail server refused (docs/back-office.md, "Buyers"): a problem to solve with the buyers. */
function MailRefused({ refused }: { refused: Dashboard['mailRefused'] }) {
  const t = useT();
  const dates = useDates();
  return (
    <Alert color="red" variant="light" title={t('app.mail-refused.title')} data-testid="dashboard-mail-refused">
      <Stack gap={4}>
        <Text size="sm">{t('app.mail-refused.text', { count: refused.count })}</Text>
        {refused.recent.map((row) => (
          <Text key={row.email} size="sm" title={row.error ?? undefined}>
            {t('app.mail-refused.row', { email: row.email, date: dates.dateTime(row.at) })}
          </Text>
        ))}
        <AnchorLink to="/manage/access-links" search={{ show: 'joined' }} size="sm">
          {t('app.mail-refused.see')}
        </AnchorLink>
      </Stack>
    </Alert>
  );
}
