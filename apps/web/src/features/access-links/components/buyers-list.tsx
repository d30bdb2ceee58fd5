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

/**
 * The project's buyers (docs/back-office.md, "Buyers"): units, when they joined and last signed
 * in, and the mails the project sent them — each sent or refused, with the reason. Cards at
 * every width, so that nothing is ever off-screen on a phone.
 */
export function BuyersList({ signedIn }: { signedIn: boolean }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const query = useInfiniteQuery(buyersQuery({ q: debounced, signedIn }));
  const buyers = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <SearchHeading
        title={signedIn ? 'Buyers who have signed in' : 'Buyers'}
        value={q}
        onChange={setQ}
        placeholder="Search by name or e-mail"
        label="Search buyers by name or e-mail"
      />
      {query.isError && <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'The buyers could not be loaded.'}</Alert>}
      {!query.data && !query.isError && <Skeleton h={200} />}
      {query.data && buyers.length === 0 && (
        <Text c="dimmed">{signedIn ? 'No buyer has signed in yet.' : 'No buyer has joined yet: invite them from the links above.'}</Text>
      )}
      <Stack gap="xs" data-testid="buyers">
        {buyers.map((buyer) => (
          <BuyerCard key={buyer._id} buyer={buyer} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Button variant="subtle" w="fit-content" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          More buyers
        </Button>
      )}
    </Stack>
  );
}

function BuyerCard({ buyer }: { buyer: BuyerRow }) {
  const date = useDateFormat();
  const when = (iso: string) => date(iso, true);
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
            {buyer.units.length ? ` · unit ${buyer.units.join(', ')}` : ' · no unit'}
          </Text>
          <Text size="xs" c="dimmed">
            Joined {date(buyer.joinedAt)} · {buyer.lastSignInAt ? `last signed in ${when(buyer.lastSignInAt)}` : 'never signed in'}
          </Text>
        </Stack>
        {buyer.mails.length === 0 ? (
          <Text size="xs" c="dimmed">
            No mail yet
          </Text>
        ) : (
          <Button size="compact-xs" variant="light" color={failed ? 'red' : undefined} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {`${buyer.mails.length === 10 ? 'Last 10 mails' : `${buyer.mails.length} mail${buyer.mails.length === 1 ? '' : 's'}`}${failed ? ` · ${failed} refused` : ''}`}
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
