import { Button, CopyButton, Code, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EMBED_ELSEWHERE, type EmbedSection } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../lib/i18n.ts';

/**
 * The one line a builder pastes into their site (docs/public-pages.md, "The widget"), made from
 * the sections chosen above, and what the widget brought in the last 30 days per site.
 */
export function EmbedSnippet({
  sections,
  projectName,
  saved,
}: {
  sections: EmbedSection[];
  projectName: string;
  saved: boolean;
}) {
  const t = useT();
  const origin = window.location.origin;
  const snippet = `<div data-decor-embed="${sections.join(',')}"><a href="${origin}/inquire">${t('app.embed.ask', { project: projectName.replace(/[<>"&]/g, '') })}</a></div><script src="${origin}/embed.js" async></script>`;
  const figures = useQuery({
    queryKey: ['embed-figures'],
    queryFn: ({ signal }) =>
      api<{ sites: Array<{ origin: string; views: number; clicks: number }> }>('/api/manage/embed', { signal }),
  });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('app.embed.line')}
      </Text>
      <Code block data-testid="embed-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet}
      </Code>
      {!saved && (
        <Text size="sm" c="orange">
          {t('app.embed.save-first')}
        </Text>
      )}
      <CopyButton value={snippet}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} style={{ alignSelf: 'flex-start' }}>
            {copied ? t('app.embed.copied') : t('app.embed.copy')}
          </Button>
        )}
      </CopyButton>
      <Text size="sm" c="dimmed">
        {t('app.embed.no-script')}
      </Text>
      <DataTable
        columns={[
          { label: t('app.embed.site') },
          { label: t('app.embed.views'), align: 'right' },
          { label: t('app.embed.clicks'), align: 'right' },
        ]}
        minWidth={360}
        isEmpty={!figures.isPending && !figures.data?.sites.length}
        empty={t('app.embed.empty')}
        label={t('app.embed.figures')}
      >
        {figures.data?.sites.map((site) => (
          <Table.Tr key={site.origin}>
            <Table.Td>
              {site.origin && site.origin !== EMBED_ELSEWHERE ? site.origin : t('app.embed.unknown-site')}
            </Table.Td>
            <Table.Td ta="right">{site.views}</Table.Td>
            <Table.Td ta="right">{site.clicks}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
