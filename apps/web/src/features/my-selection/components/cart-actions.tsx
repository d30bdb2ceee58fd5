import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Divider,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';

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
export function CartActions({
  cartId,
  canPrintWithoutPrices,
  canShare = true,
}: {
  cartId: string;
  canPrintWithoutPrices: boolean;
  canShare?: boolean;
}) {
  const t = useT();
  const { download: save, isDownloading, error } = useDownload(t('app.actions.pdf-failed'));
  const [isSharing, setSharing] = useState(false);
  const download = (prices: boolean) => save(`/api/carts/${cartId}/pdf${prices ? '' : '?prices=0'}`);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={() => download(true)} loading={isDownloading}>
          {t('app.actions.pdf')}
        </Button>
        {canPrintWithoutPrices && (
          <Button variant="default" onClick={() => download(false)} disabled={isDownloading}>
            {t('app.actions.pdf-no-prices')}
          </Button>
        )}
        {canShare && (
          <Button variant="default" onClick={() => setSharing(true)}>
            {t('app.actions.share')}
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <GenericModal opened={isSharing} onClose={() => setSharing(false)} title={t('app.actions.share-title')}>
        <ShareForm cartId={cartId} />
      </GenericModal>
    </Stack>
  );
}

function ShareForm({ cartId }: { cartId: string }) {
  const { date } = useDates();
  const t = useT();
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
      setLink(
        await api<ShareLink>(`/api/carts/${cartId}/share`, {
          method: 'POST',
          body: { prices: showsPrices, days: Number(days) },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: sharesQuery(cartId).queryKey });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.actions.link-failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('app.actions.share-intro')}</Text>
      <Checkbox
        label={t('app.actions.show-prices')}
        checked={showsPrices}
        onChange={(event) => setShowsPrices(event.currentTarget.checked)}
      />
      <Select
        label={t('app.actions.works-for')}
        data={[
          { value: '3', label: t('app.actions.days', { days: 3 }) },
          { value: '14', label: t('app.actions.two-weeks') },
          { value: '30', label: t('app.actions.days', { days: 30 }) },
          { value: '90', label: t('app.actions.days', { days: 90 }) },
        ]}
        value={days}
        onChange={(value) => setDays(value ?? '14')}
        allowDeselect={false}
        maw={200}
      />
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={create} loading={isBusy} w="fit-content">
        {link ? t('app.actions.new-link') : t('app.actions.make-link')}
      </Button>
      {link && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              value={link.url}
              readOnly
              aria-label={t('app.actions.share-link')}
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant="light">
                  {copied ? t('app.actions.copied') : t('app.actions.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('app.actions.link-summary', { prices: link.prices ? 'yes' : 'no', date: date(link.expiresAt) })}
          </Text>
        </Stack>
      )}
      <GivenLinks cartId={cartId} />
    </Stack>
  );
}

/** The links given so far, and the way to withdraw one (it stops working at once). */
function GivenLinks({ cartId }: { cartId: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(sharesQuery(cartId));
  const [error, setError] = useState<string | null>(null);
  const { date: day } = useDates();
  const t = useT();
  const withdraw = async (id: string) => {
    setError(null);
    try {
      await api(`/api/carts/${cartId}/shares/${id}/revoke`, { method: 'POST', body: {} });
      await queryClient.invalidateQueries({ queryKey: sharesQuery(cartId).queryKey });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.actions.withdraw-failed'));
    }
  };
  if (!links.data?.length) return null;
  return (
    <Stack gap={6} data-testid="given-links">
      <Divider />
      <Title order={2} fz="sm">
        {t('app.actions.links-given')}
      </Title>
      {links.data.map((link) => (
        <Group
          key={link._id}
          justify="space-between"
          align="start"
          gap="xs"
          wrap="nowrap"
          data-testid="given-link"
          data-state={link.state}
        >
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {t('app.actions.given', {
              state: t(`app.actions.state.${link.state}`),
              prices: link.prices ? 'yes' : 'no',
              made: day(link.createdAt),
              by: link.byName ? ` ${t('app.actions.by', { name: link.byName })}` : '',
              expired: link.state === 'expired' ? 'yes' : 'no',
              until: day(link.expiresAt),
            })}
          </Text>
          {link.state === 'active' && (
            <TwoClickDelete
              size="compact-xs"
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              onConfirm={() => void withdraw(link._id)}
              confirmLabel={t('app.actions.withdraw-again')}
            >
              {t('app.actions.withdraw')}
            </TwoClickDelete>
          )}
        </Group>
      ))}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
