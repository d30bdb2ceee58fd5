import { useState } from 'react';
import { Alert, Button, Card, Checkbox, FileInput, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeyProblem, slugify, PROJECT_KEY_MAX } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { portalHost } from '../../../config/env.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

interface Imported {
  key: string;
  name: string;
  items: number;
  files: number;
  invited: Array<{ email: string; role: 'purchaser' | 'manager' }>;
  peopleNotAdded: number;
}

/** `/admin/data`: a project out as one JSON bundle, and a bundle in as a new project (docs/admin.md, "Data"). */
export function AdminData() {
  return (
    <Stack gap="lg" maw={760}>
      <ExportBundle />
      <ImportBundle />
    </Stack>
  );
}

/** A project as one JSON file, downloaded. */
function ExportBundle() {
  const t = useT();
  const projects = useQuery(adminProjectsQuery());
  const [source, setSource] = useState<string | null>(null);
  const { download, isDownloading, error: downloadError } = useDownload(t('app.adm.data.no-download'));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.adm.data.export')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.adm.data.export-help')}
        </Text>
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label={t('app.adm.users.project')}
            placeholder={t('app.adm.choose-project')}
            data={(projects.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
            value={source}
            onChange={setSource}
            searchable
            w={{ base: '100%', sm: 300 }}
          />
          <Button
            disabled={!source}
            loading={isDownloading}
            onClick={() => source && void download(`/api/admin/projects/${source}/export`)}
          >
            {t('app.adm.data.download')}
          </Button>
        </Group>
        {downloadError && <Alert color="red">{downloadError}</Alert>}
      </Stack>
    </Card>
  );
}

/** A bundle read in the browser, checked by the server, and imported as a new project under a new key. */
function ImportBundle() {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // The chosen file read once: its JSON is what the import sends.
  const [bundle, setBundle] = useState<unknown>(null);
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [invitePeople, setInvitePeople] = useState(false);
  const [problem, setProblem] = useState<{ text: string; issues: string[] } | null>(null);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [isImporting, setImporting] = useState(false);
  const [done, setDone] = useState<Imported | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setBundle(null);
    setProblem(null);
    setDone(null);
    if (!chosen) return;
    try {
      const read = JSON.parse(await chosen.text()) as { project?: { key?: string; name?: string } };
      setBundle(read);
      if (!key && read.project?.key) setKey(slugify(`${read.project.key}-copy`).slice(0, PROJECT_KEY_MAX));
      if (!name && read.project?.name) setName(t('app.adm.data.copy-name', { name: read.project.name }));
    } catch {
      setProblem({ text: t('app.adm.data.not-json'), issues: [] });
    }
  };

  const importBundle = async () => {
    const keyProblem = projectKeyProblem(key);
    setKeyError(keyProblem ? t('project.key-problem', keyProblem) : undefined);
    if (keyProblem || !bundle) return;
    setImporting(true);
    setProblem(null);
    try {
      const result = await api<Imported>('/api/admin/projects/import', {
        method: 'POST',
        body: { key, name: name.trim() || undefined, people: invitePeople ? 'invite' : 'none', bundle },
      });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      setDone(result);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const issues = (
          (caught.details as { issues?: Array<{ field: string; message: string }> } | undefined)?.issues ?? []
        ).map((i) => `${i.field.replace(/^body\./, '')}: ${i.message}`);
        if (caught.code === 'conflict' || issues.some((i) => i.startsWith('key')))
          setKeyError(errorText(caught, 'app.adm.data.not-imported'));
        setProblem({ text: errorText(caught, 'app.adm.data.not-imported'), issues: issues.slice(0, 10) });
      } else setProblem({ text: t('app.adm.data.not-imported'), issues: [] });
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.adm.data.import')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.adm.data.import-help')}
        </Text>
        <FileInput
          label={t('app.adm.data.bundle')}
          placeholder={t('app.adm.data.choose-file')}
          accept="application/json,.json"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
        />
        <Group gap="sm" align="start" wrap="wrap">
          <TextInput
            label={t('app.adm.data.new-key')}
            description={t('app.adm.data.address', { host: `${key || t('app.adm.data.key')}.${portalHost()}` })}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value.toLowerCase().trim())}
            error={keyError}
            maxLength={PROJECT_KEY_MAX}
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput
            label={t('app.settings.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            w={{ base: '100%', sm: 300 }}
          />
        </Group>
        <Checkbox
          label={t('app.adm.data.invite')}
          description={t('app.adm.data.invite-help')}
          checked={invitePeople}
          onChange={(e) => setInvitePeople(e.currentTarget.checked)}
        />
        <Button w="fit-content" disabled={!bundle} loading={isImporting} onClick={() => void importBundle()}>
          {t('app.adm.data.import-button')}
        </Button>
        {problem && (
          <Alert color="red" data-testid="import-problem">
            <Text size="sm">{problem.text}</Text>
            {problem.issues.map((issue) => (
              <Text key={issue} size="xs">
                {issue}
              </Text>
            ))}
          </Alert>
        )}
        {done && (
          <Alert color="green" title={t('app.adm.data.ready', { name: done.name })} data-testid="import-done">
            <Text size="sm">
              {t('app.adm.data.imported', { items: done.items, files: done.files })}{' '}
              {done.invited.length
                ? t('app.adm.data.invited', {
                    count: done.invited.length,
                    people: done.invited
                      .map((p) => `${p.email}, ${t(`app.account.role.${p.role as 'purchaser' | 'manager'}`)}`)
                      .join('; '),
                  })
                : done.peopleNotAdded
                  ? t('app.adm.data.not-added', { count: done.peopleNotAdded })
                  : ''}{' '}
              {t('app.adm.data.answers-at')}{' '}
              <a href={hostUrl(`${done.key}.${portalHost()}`)}>
                {done.key}.{portalHost()}
              </a>
              .
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
