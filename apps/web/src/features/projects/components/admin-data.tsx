import { useState } from 'react';
import { Alert, Button, Card, Checkbox, FileInput, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeyProblem, slugify, PROJECT_KEY_MAX } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { portalHost } from '../../../config/env.ts';

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
  const projects = useQuery(adminProjectsQuery());
  const [source, setSource] = useState<string | null>(null);
  const { download, isDownloading, error: downloadError } = useDownload('The bundle could not be downloaded.');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Export a project
        </Title>
        <Text size="sm" c="dimmed">
          One JSON file: the settings, custom collections and fields, every item (catalogue, units, selections, purchases), the members and the files with their
          bytes.
        </Text>
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label="Project"
            placeholder="Choose a project"
            data={(projects.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
            value={source}
            onChange={setSource}
            searchable
            w={{ base: '100%', sm: 300 }}
          />
          <Button disabled={!source} loading={isDownloading} onClick={() => source && void download(`/api/admin/projects/${source}/export`)}>
            Download the bundle
          </Button>
        </Group>
        {downloadError && <Alert color="red">{downloadError}</Alert>}
      </Stack>
    </Card>
  );
}

/** A bundle read in the browser, checked by the server, and imported as a new project under a new key. */
function ImportBundle() {
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
      if (!name && read.project?.name) setName(`${read.project.name} (copy)`);
    } catch {
      setProblem({ text: 'This file is not a project bundle (it is not JSON).', issues: [] });
    }
  };

  const importBundle = async () => {
    const keyProblem = projectKeyProblem(key);
    setKeyError(keyProblem);
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
        const issues = ((caught.details as { issues?: Array<{ field: string; message: string }> } | undefined)?.issues ?? []).map(
          (i) => `${i.field.replace(/^body\./, '')}: ${i.message}`,
        );
        if (caught.code === 'conflict' || issues.some((i) => i.startsWith('key'))) setKeyError(caught.message);
        setProblem({ text: caught.message, issues: issues.slice(0, 10) });
      } else setProblem({ text: 'The bundle could not be imported.', issues: [] });
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Import a bundle as a new project
        </Title>
        <Text size="sm" c="dimmed">
          Its items and files get new ids, its files are checked as uploads are, and nobody becomes a member of the copy by the bundle alone. Nothing is written
          unless everything in it is valid.
        </Text>
        <FileInput
          label="Bundle"
          placeholder="Choose a .json file"
          accept="application/json,.json"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
        />
        <Group gap="sm" align="start" wrap="wrap">
          <TextInput
            label="New key"
            description={`Its address: ${key || 'key'}.${portalHost()}`}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value.toLowerCase().trim())}
            error={keyError}
            maxLength={PROJECT_KEY_MAX}
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} w={{ base: '100%', sm: 300 }} />
        </Group>
        <Checkbox
          label="Invite the bundle’s people"
          description="Each address in the bundle gets an invitation for the role it had; only whoever owns the address and accepts becomes a member."
          checked={invitePeople}
          onChange={(e) => setInvitePeople(e.currentTarget.checked)}
        />
        <Button w="fit-content" disabled={!bundle} loading={isImporting} onClick={() => void importBundle()}>
          Import
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
          <Alert color="green" title={`${done.name} is ready`} data-testid="import-done">
            <Text size="sm">
              {done.items} items and {done.files} files imported.{' '}
              {done.invited.length
                ? `${done.invited.length} ${done.invited.length === 1 ? 'person was' : 'people were'} invited (${done.invited.map((p) => `${p.email}, ${p.role}`).join('; ')}); nobody is a member until they accept.`
                : done.peopleNotAdded
                  ? `The bundle named ${done.peopleNotAdded} ${done.peopleNotAdded === 1 ? 'person' : 'people'}: none of them was added.`
                  : ''}{' '}
              It answers at{' '}
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
