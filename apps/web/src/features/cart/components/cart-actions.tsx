import { useState } from 'react';
import { Alert, Button, Checkbox, CopyButton, Divider, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { useDates } from '../../../lib/use-dates.ts';

interface ShareLink {
  url: string;
  expiresAt: string;
  prices: boolean;
}

/** A link given earlier, as the server keeps it (never the link itself). */
interface GivenLink {
  _id: string;
  prices: boolean;
  createdAt: string;
  expiresAt: string;
  state: 'active' | 'expired' | 'withdrawn';
  byName: string | null;
}

const sharesQuery = (cartId: string) => ({
  queryKey: ['carts', cartId, 'shares'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<GivenLink[]>(`/api/carts/${cartId}/shares`, { signal }),
});

/** The PDF of the selection and a read-only link to share it (docs/screens.md `/config`). */
export function CartActions({ cartId, canPrintWithoutPrices, canShare = true }: { cartId: string; canPrintWithoutPrices: boolean; canShare?: boolean }) {
  const { download: save, isDownloading, error } = useDownload('The PDF could not be made. Please try again.');
  const [isSharing, setSharing] = useState(false);
  const download = (prices: boolean) => save(`/api/carts/${cartId}/pdf${prices ? '' : '?prices=0'}`);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={() => download(true)} loading={isDownloading}>
          Download PDF
        </Button>
        {canPrintWithoutPrices && (
          <Button variant="default" onClick={() => download(false)} disabled={isDownloading}>
            PDF without prices
          </Button>
        )}
        {canShare && (
          <Button variant="default" onClick={() => setSharing(true)}>
            Share
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <GenericModal opened={isSharing} onClose={() => setSharing(false)} title="Share your selection">
        <ShareForm cartId={cartId} />
      </GenericModal>
    </Stack>
  );
}

function ShareForm({ cartId }: { cartId: string }) {
  const { date } = useDates();
  const [showsPrices, setShowsPrices] = useState(true);
  const [days, setDays] = useState('14');
  const [link, setLink] = useState<ShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setLink(await api<ShareLink>(`/api/carts/${cartId}/share`, { method: 'POST', body: { prices: showsPrices, days: Number(days) } }));
      await queryClient.invalidateQueries({ queryKey: sharesQuery(cartId).queryKey });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The link could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">Anyone with the link can see your choices and your rooms in 3D, but cannot change anything.</Text>
      <Checkbox label="Show prices" checked={showsPrices} onChange={(event) => setShowsPrices(event.currentTarget.checked)} />
      <Select
        label="The link works for"
        data={[
          { value: '3', label: '3 days' },
          { value: '14', label: '2 weeks' },
          { value: '30', label: '30 days' },
          { value: '90', label: '90 days' },
        ]}
        value={days}
        onChange={(value) => setDays(value ?? '14')}
        allowDeselect={false}
        maw={200}
      />
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={create} loading={isBusy} w="fit-content">
        {link ? 'Make a new link' : 'Make a link'}
      </Button>
      {link && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <TextInput value={link.url} readOnly aria-label="Share link" style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant="light">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {link.prices ? 'With prices' : 'Without prices'} · works until {date(link.expiresAt)}
          </Text>
        </Stack>
      )}
      <GivenLinks cartId={cartId} />
    </Stack>
  );
}

const STATE_WORDS = { active: 'Works', expired: 'Expired', withdrawn: 'Withdrawn' } as const;

/** The links given so far, and the way to withdraw one (it stops working at once). */
function GivenLinks({ cartId }: { cartId: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(sharesQuery(cartId));
  const [error, setError] = useState<string | null>(null);
  const { date: day } = useDates();
  const withdraw = async (id: string) => {
    setError(null);
    try {
      await api(`/api/carts/${cartId}/shares/${id}/revoke`, { method: 'POST', body: {} });
      await queryClient.invalidateQueries({ queryKey: sharesQuery(cartId).queryKey });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The link could not be withdrawn. Please try again.');
    }
  };
  if (!links.data?.length) return null;
  return (
    <Stack gap={6} data-testid="given-links">
      <Divider />
      <Title order={3} fz="sm">
        Links given
      </Title>
      {links.data.map((link) => (
        <Group key={link._id} justify="space-between" align="start" gap="xs" wrap="nowrap" data-testid="given-link" data-state={link.state}>
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {STATE_WORDS[link.state]} · {link.prices ? 'with prices' : 'without prices'} · made {day(link.createdAt)}
            {link.byName ? ` by ${link.byName}` : ''} · {link.state === 'expired' ? 'expired' : 'until'} {day(link.expiresAt)}
          </Text>
          {link.state === 'active' && (
            <TwoClickDelete
              size="compact-xs"
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              onConfirm={() => void withdraw(link._id)}
              confirmLabel="Click again to withdraw"
            >
              Withdraw
            </TwoClickDelete>
          )}
        </Group>
      ))}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
