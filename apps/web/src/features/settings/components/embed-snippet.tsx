import { Button, CopyButton, Code, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EmbedSection } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';

/**
 * The one line a builder pastes into their site (docs/public-pages.md, "The widget"), made from
 * the sections chosen above, and what the widget brought in the last 30 days per site.
 */
export function EmbedSnippet({ sections, projectName, saved }: { sections: EmbedSection[]; projectName: string; saved: boolean }) {
  const origin = window.location.origin;
  const snippet = `<div data-decor-embed="${sections.join(',')}"><a href="${origin}/inquire">Ask ${projectName.replace(/[<>"&]/g, '')} about a home</a></div><script src="${origin}/embed.js" async></script>`;
  const figures = useQuery({
    queryKey: ['embed-figures'],
    queryFn: ({ signal }) => api<{ sites: Array<{ origin: string; views: number; clicks: number }> }>('/api/manage/embed', { signal }),
  });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        The line to paste into your website
      </Text>
      <Code block data-testid="embed-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet}
      </Code>
      {!saved && (
        <Text size="sm" c="orange">
          Save your changes first: the widget shows what is saved.
        </Text>
      )}
      <CopyButton value={snippet}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} style={{ alignSelf: 'flex-start' }}>
            {copied ? 'Copied' : 'Copy the line'}
          </Button>
        )}
      </CopyButton>
      <Text size="sm" c="dimmed">
        Pages without scripts show the link instead. The widget sets no cookie and loads nothing from other sites.
      </Text>
      <DataTable
        columns={[{ label: 'Site' }, { label: 'Views', align: 'right' }, { label: 'Clicks', align: 'right' }]}
        minWidth={360}
        isEmpty={!figures.isPending && !figures.data?.sites.length}
        empty="The widget has not been shown on a website in the last 30 days."
        label="Widget views and clicks in the last 30 days"
      >
        {figures.data?.sites.map((site) => (
          <Table.Tr key={site.origin}>
            <Table.Td>{site.origin || 'A site that did not say'}</Table.Td>
            <Table.Td ta="right">{site.views}</Table.Td>
            <Table.Td ta="right">{site.clicks}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
