import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  List,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEAD_STATUSES, leadName, type LeadFields, type LeadStatus } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { currentOfConflict, useVersionedDraft } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/**
 * The sales team's leads (docs/public-pages.md, "Following up leads"): newest activity first,
 * filtered by status; each lead opens with everything the visitor said, each inquiry they made,
 * their consent to news with its proof, and the team's status and notes.
 */
type Lead = LeadFields & { _id: string; _version: number; updatedAt: string };
const STATUS_COLOURS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'teal',
  qualified: 'green',
  lost: 'gray',
  spam: 'red',
  held: 'orange',
};

type LeadsPage = { items: Lead[]; next: string | null };
const fetchLeads = (status: LeadStatus | 'all', after: string | null, signal: AbortSignal) => {
  const query = new URLSearchParams({ ...(status === 'all' ? {} : { status }), ...(after ? { after } : {}) });
  return api<LeadsPage>(`/api/manage/leads${query.size ? `?${query}` : ''}`, { signal });
};
const lastAt = (lead: Lead) => lead.activities.at(-1)?.at ?? lead.updatedAt;

export function LeadsList({
  selected,
  onSelect,
  status,
  onStatus,
}: {
  selected?: string;
  onSelect: (id: string | undefined) => void;
  status: LeadStatus | 'all';
  onStatus: (status: LeadStatus | 'all') => void;
}) {
  const leads = useInfiniteQuery({
    queryKey: ['leads', status],
    queryFn: ({ pageParam, signal }) => fetchLeads(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const { dateTime: formatDateTime } = useDates();
  const t = useT();
  const { locale } = useLanguage();
  // Newest activity first, as the server pages them.
  const rows = leads.data?.pages.flatMap((page) => page.items) ?? [];
  // A lead opened from a mail's link may be on a later page, or under another status: it is read on its own.
  const listed = rows.find((lead) => lead._id === selected);
  const single = useQuery({
    queryKey: ['leads', 'one', selected],
    queryFn: ({ signal }) => api<Lead>(`/api/schema/leads/${selected}`, { signal }),
    enabled: Boolean(selected) && !listed && !leads.isPending,
  });
  const open = listed ?? (selected && single.data?._id === selected ? single.data : null);

  return (
    <Stack gap="md">
      <Select
        label={t('app.leads.show')}
        w={240}
        value={status}
        onChange={(value) => onStatus((value as LeadStatus | 'all' | null) ?? 'all')}
        data={[
          { value: 'all', label: t('app.leads.all') },
          ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`app.lead.status.${s}`) })),
        ]}
        allowDeselect={false}
      />
      {leads.isError && <Alert color="red">{t('app.leads.not-loaded')}</Alert>}
      {leads.isPending && <Skeleton h={160} radius="md" />}
      {!leads.isPending && (
        <DataTable
          columns={[
            { label: t('app.leads.col.name') },
            { label: t('app.leads.col.email') },
            { label: t('app.leads.col.status') },
            { label: t('app.leads.col.source') },
            { label: t('app.leads.col.inquiries'), align: 'right' },
            { label: t('app.leads.col.last') },
          ]}
          minWidth={760}
          isEmpty={!leads.isPending && rows.length === 0}
          empty={
            status === 'all'
              ? t('app.leads.none')
              : t('app.leads.none-status', { status: t(`app.lead.status.${status}`).toLocaleLowerCase(locale) })
          }
          label={t('app.leads.label')}
          testId="leads-table"
        >
          {rows.map((lead) => (
            <Table.Tr key={lead._id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onSelect(lead._id)}>
                  {leadName(lead)}
                </Anchor>
              </Table.Td>
              <Table.Td>{lead.email}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[lead.status]} variant="light">
                  {t(`app.lead.status.${lead.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`app.lead.source.${lead.source}`)}</Table.Td>
              <Table.Td ta="right">{lead.activities.length}</Table.Td>
              <Table.Td>{formatDateTime(lastAt(lead))}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {leads.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void leads.fetchNextPage()}
          loading={leads.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('app.leads.older')}
        </Button>
      )}
      <Drawer
        opened={open !== null}
        onClose={() => onSelect(undefined)}
        position="right"
        size="lg"
        title={open ? leadName(open) : ''}
      >
        {open && <LeadDetail key={open._id} lead={open} />}
      </Drawer>
    </Stack>
  );
}

/** What the staff change on a lead: the rest is the visitor's. */
const followUpOf = (lead: Lead) => ({ status: lead.status, notes: lead.notes, assignee: lead.assignee });

function LeadDetail({ lead: opened }: { lead: Lead }) {
  const client = useQueryClient();
  const { dateTime: formatDateTime } = useDates();
  const t = useT();
  // The lead as last read or saved; a 409 shows the current one and keeps what was typed aside (lib/versioned-draft.ts).
  const [lead, setShown] = useState(opened);
  const draft = useVersionedDraft(followUpOf(opened), opened._version);
  const { status, notes, assignee } = draft.values;
  const team = useQuery({
    queryKey: ['leads-team'],
    queryFn: ({ signal }) => api<Array<{ id: string; name: string }>>('/api/manage/leads/team', { signal }),
  });
  const save = useMutation({
    mutationFn: () =>
      api<Lead>(`/api/schema/leads/${lead._id}`, {
        method: 'PATCH',
        body: { ...draft.values, _version: draft.version },
      }),
    onSuccess: (saved) => {
      setShown(saved);
      draft.settle(followUpOf(saved), saved._version);
      return client.invalidateQueries({ queryKey: ['leads'] });
    },
    onError: (caught) => {
      const current = currentOfConflict<Lead>(caught);
      if (!current) return;
      setShown(current);
      draft.takeCurrent(followUpOf(current), current._version);
      void client.invalidateQueries({ queryKey: ['leads'] });
    },
  });
  const followUpLabels = {
    status: t('app.leads.status'),
    assignee: t('app.leads.assignee'),
    notes: t('app.leads.notes'),
  };
  const facts: Array<[string, string | null]> = [
    [t('app.leads.fact.email'), lead.email],
    [t('app.leads.fact.phone'), lead.phone || null],
    [t('app.leads.fact.prefers'), lead.contact === 'phone' ? t('app.leads.fact.call') : t('app.leads.fact.mail')],
    [t('app.leads.fact.budget'), lead.budget],
    [t('app.leads.fact.timeline'), lead.timeline],
    [
      t('app.leads.fact.agent'),
      lead.agent === null ? null : lead.agent ? t('app.leads.fact.yes') : t('app.leads.fact.no'),
    ],
    [t('app.leads.fact.code'), lead.code],
    [t('app.leads.fact.referrer'), lead.referrer],
    [
      t('app.leads.fact.campaign'),
      Object.entries(lead.utm)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ') || null,
    ],
  ];
  return (
    <Stack gap="md" data-testid="lead-detail">
      <Stack gap={4}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed">
                {t('app.leads.fact', { label })}{' '}
              </Text>
              {value}
            </Text>
          ))}
      </Stack>
      {lead.heldReasons.length > 0 && (
        <Alert color="orange" title={t('app.leads.held')}>
          <List size="sm">
            {lead.heldReasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {/* Every consent with its own proof, oldest first (a lead written before the list kept its first one alone). */}
      <Stack gap={2} data-testid="lead-news">
        {(lead.consents.length ? lead.consents : lead.news.subscribed ? [lead.news] : []).map((consent) => (
          <Text key={`${consent.at}-${consent.address}`} size="sm">
            {t('app.leads.news', {
              date: formatDateTime(consent.at!),
              address: consent.address ?? t('app.leads.unknown-address'),
              page: consent.page ?? t('app.leads.unknown-page'),
              text: consent.text ?? '',
            })}
          </Text>
        ))}
        {!lead.consents.length && !lead.news.subscribed && <Text size="sm">{t('app.leads.no-news')}</Text>}
      </Stack>
      <Title order={3} fz="h5">
        {t('app.leads.inquiries')}
      </Title>
      {[...lead.activities].reverse().map((activity) => (
        <Stack key={activity.at} gap={2}>
          <Text size="xs" c="dimmed">
            {formatDateTime(activity.at)} · {t(`app.lead.source.${activity.source}`)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {activity.message || t('app.leads.no-message')}
          </Text>
          {activity.stated && (
            <Text size="xs" c="dimmed" data-testid="lead-stated">
              {[
                activity.stated.phone
                  ? `${t('app.leads.fact', { label: t('app.leads.fact.phone') })} ${activity.stated.phone}`
                  : null,
                activity.stated.contact
                  ? `${t('app.leads.fact', { label: t('app.leads.fact.prefers') })} ${activity.stated.contact === 'phone' ? t('app.leads.fact.call') : t('app.leads.fact.mail')}`
                  : null,
                activity.stated.budget
                  ? `${t('app.leads.fact', { label: t('app.leads.fact.budget') })} ${activity.stated.budget}`
                  : null,
                activity.stated.timeline
                  ? `${t('app.leads.fact', { label: t('app.leads.fact.timeline') })} ${activity.stated.timeline}`
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      ))}
      <Select
        label={t('app.leads.status')}
        value={status}
        onChange={(v) => v && draft.set({ status: v as LeadStatus })}
        data={LEAD_STATUSES.map((s) => ({ value: s, label: t(`app.lead.status.${s}`) }))}
        allowDeselect={false}
      />
      <Select
        label={t('app.leads.assignee')}
        placeholder={t('app.leads.nobody')}
        clearable
        value={assignee}
        onChange={(v) => draft.set({ assignee: v })}
        data={(team.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
      />
      <Textarea
        label={t('app.leads.notes')}
        description={t('app.leads.notes-text')}
        autosize
        minRows={3}
        maxLength={10_000}
        value={notes}
        onChange={(e) => draft.set({ notes: e.currentTarget.value })}
      />
      {draft.keptAside ? (
        <ConflictNotice fields={draft.keptAside.map((field) => followUpLabels[field])} onReapply={draft.reapply} />
      ) : (
        save.isError && (
          <Alert color="red">{save.error instanceof ApiError ? save.error.message : t('app.leads.not-saved')}</Alert>
        )
      )}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!draft.isDirty}>
          {t('app.configure.save')}
        </Button>
        {save.isSuccess && (
          <Text size="sm" c="green">
            {t('app.account.saved')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
