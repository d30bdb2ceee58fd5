import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Drawer, Group, List, Select, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, leadName, type LeadFields, type LeadStatus } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useDates } from '../../../lib/use-dates.ts';

/**
 * The sales team's leads (docs/public-pages.md, "Following up leads"): newest activity first,
 * filtered by status; each lead opens with everything the visitor said, each inquiry they made,
 * their consent to news with its proof, and the team's status and notes.
 */
type Lead = LeadFields & { _id: string; _version: number; updatedAt: string };
const STATUS_COLOURS: Record<LeadStatus, string> = { new: 'blue', contacted: 'teal', qualified: 'green', lost: 'gray', spam: 'red', held: 'orange' };
const SOURCE_LABELS = { inquire: 'Inquiry form', embed: 'Website widget', display: 'Sales-centre screen' } as const;

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
        label="Show"
        w={240}
        value={status}
        onChange={(value) => onStatus((value as LeadStatus | 'all' | null) ?? 'all')}
        data={[{ value: 'all', label: 'All leads' }, ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))]}
        allowDeselect={false}
      />
      {leads.isError && <Alert color="red">The leads could not be loaded. Reload the page.</Alert>}
      {leads.isPending && <Skeleton h={160} radius="md" />}
      {!leads.isPending && (
        <DataTable
          columns={[
            { label: 'Name' },
            { label: 'E-mail' },
            { label: 'Status' },
            { label: 'Source' },
            { label: 'Inquiries', align: 'right' },
            { label: 'Last inquiry' },
          ]}
          minWidth={760}
          isEmpty={!leads.isPending && rows.length === 0}
          empty={
            status === 'all'
              ? 'No leads yet: they arrive from the inquiry form and the website widget.'
              : `No leads are ${LEAD_STATUS_LABELS[status].toLowerCase()}.`
          }
          label="Leads"
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
                  {LEAD_STATUS_LABELS[lead.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{SOURCE_LABELS[lead.source]}</Table.Td>
              <Table.Td ta="right">{lead.activities.length}</Table.Td>
              <Table.Td>{formatDateTime(lastAt(lead))}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {leads.hasNextPage && (
        <Button variant="default" onClick={() => void leads.fetchNextPage()} loading={leads.isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
          Show older leads
        </Button>
      )}
      <Drawer opened={open !== null} onClose={() => onSelect(undefined)} position="right" size="lg" title={open ? leadName(open) : ''}>
        {open && <LeadDetail key={open._id} lead={open} />}
      </Drawer>
    </Stack>
  );
}

function LeadDetail({ lead }: { lead: Lead }) {
  const client = useQueryClient();
  const { dateTime: formatDateTime } = useDates();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [notes, setNotes] = useState(lead.notes);
  const [assignee, setAssignee] = useState<string | null>(lead.assignee);
  const team = useQuery({ queryKey: ['leads-team'], queryFn: ({ signal }) => api<Array<{ id: string; name: string }>>('/api/manage/leads/team', { signal }) });
  const save = useMutation({
    mutationFn: () => api<Lead>(`/api/schema/leads/${lead._id}`, { method: 'PATCH', body: { status, notes, assignee, _version: lead._version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['leads'] }),
  });
  const facts: Array<[string, string | null]> = [
    ['E-mail', lead.email],
    ['Phone', lead.phone || null],
    ['Prefers', lead.contact === 'phone' ? 'a call' : 'an e-mail'],
    ['Budget', lead.budget],
    ['Timeline', lead.timeline],
    ['Working with an agent', lead.agent === null ? null : lead.agent ? 'Yes' : 'No'],
    ['Code', lead.code],
    ['Came from', lead.referrer],
    [
      'Campaign',
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
                {label}:{' '}
              </Text>
              {value}
            </Text>
          ))}
      </Stack>
      {lead.heldReasons.length > 0 && (
        <Alert color="orange" title="Held for review">
          <List size="sm">
            {lead.heldReasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text size="sm" data-testid="lead-news">
        {lead.news.subscribed
          ? `Agreed to receive news on ${formatDateTime(lead.news.at!)} from ${lead.news.address ?? 'an unknown address'} on ${lead.news.page ?? 'an unknown page'}, with the words: “${lead.news.text}”`
          : 'Did not ask for news: write only to answer their inquiry.'}
      </Text>
      <Title order={3} fz="h5">
        Inquiries
      </Title>
      {[...lead.activities].reverse().map((activity) => (
        <Stack key={activity.at} gap={2}>
          <Text size="xs" c="dimmed">
            {formatDateTime(activity.at)} · {SOURCE_LABELS[activity.source]}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {activity.message || 'No message.'}
          </Text>
        </Stack>
      ))}
      <Select
        label="Status"
        value={status}
        onChange={(v) => v && setStatus(v as LeadStatus)}
        data={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
        allowDeselect={false}
      />
      <Select
        label="Followed up by"
        placeholder="Nobody yet"
        clearable
        value={assignee}
        onChange={setAssignee}
        data={(team.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
      />
      <Textarea
        label="Notes of the sales team"
        description="Never shown to the visitor."
        autosize
        minRows={3}
        maxLength={10_000}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      {save.isError && <Alert color="red">{save.error instanceof ApiError ? save.error.message : 'Not saved. Try again.'}</Alert>}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={status === lead.status && notes === lead.notes && assignee === lead.assignee}>
          Save
        </Button>
        {save.isSuccess && (
          <Text size="sm" c="green">
            Saved.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
