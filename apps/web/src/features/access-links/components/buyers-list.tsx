import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BuyerRow } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { buyersQuery } from '../api/get-buyers.ts';
import { MailStatus } from './mail-status.tsx';
import { SearchHeading } from '../../../components/ui/search-heading.tsx';
import { useT } from '../../../lib/i18n.ts';

/**
 * The project's buyers (docs/back-office.md, "Buyers"): units, when they joined and last signed
 * in, and the mails the project sent them — each sent or refused, with the reason. Cards at
 * every width, so that nothing is ever off-screen on a phone.
 */
export function BuyersList({ signedIn }: { signedIn: boolean }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const t = useT();
  const query = useInfiniteQuery(buyersQuery({ q: debounced, signedIn }));
  const buyers = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <SearchHeading
        title={signedIn ? t('app.buyers.signed-in-title') : t('app.buyers.title')}
        value={q}
        onChange={setQ}
        placeholder={t('app.buyers.search')}
        label={t('app.buyers.search-label')}
      />
      {query.isError && (
        <Alert color="red">{query.error instanceof ApiError ? query.error.message : t('app.buyers.not-loaded')}</Alert>
      )}
      {!query.data && !query.isError && <Skeleton h={200} />}
      {query.data && buyers.length === 0 && (
        <Text c="dimmed">{signedIn ? t('app.buyers.none-signed-in') : t('app.buyers.none')}</Text>
      )}
      <Stack gap="xs" data-testid="buyers">
        {buyers.map((buyer) => (
          <BuyerCard key={buyer._id} buyer={buyer} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Button
          variant="subtle"
          w="fit-content"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('app.buyers.more')}
        </Button>
      )}
    </Stack>
  );
}

function BuyerCard({ buyer }: { buyer: BuyerRow }) {
  const date = useDateFormat();
  const when = (iso: string) => date(iso, true);
  const t = useT();
  const [open, setOpen] = useState(false);
  const failed = buyer.mails.filter((mail) => mail.status === 'failed').length;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="buyer">
      <Group justify="space-between" align="start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {buyer.name || buyer.email}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {buyer.email}
            {buyer.units.length
              ? ` ${t('app.buyers.units', { units: buyer.units.join(', ') })}`
              : ` ${t('app.buyers.no-unit')}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t('app.buyers.joined', {
              date: date(buyer.joinedAt),
              signedIn: buyer.lastSignInAt
                ? t('app.buyers.last-signed-in', { date: when(buyer.lastSignInAt) })
                : t('app.buyers.never'),
            })}
          </Text>
        </Stack>
        {buyer.mails.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('app.buyers.no-mail')}
          </Text>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            color={failed ? 'red' : undefined}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {t('app.buyers.mails', { count: buyer.mails.length, failed })}
          </Button>
        )}
      </Group>
      {open && buyer.mails.length > 0 && (
        <Stack gap={4} mt="xs" data-testid="mail-log">
          {buyer.mails.map((mail) => (
            <Group key={`${mail.at}-${mail.subject}`} gap="xs" wrap="nowrap" align="start">
              <MailStatus mail={mail} when={when} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {mail.subject}
                </Text>
                <Text size="xs" c={mail.error ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {when(mail.at)}
                  {mail.error ? ` · ${mail.error}` : ''}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
