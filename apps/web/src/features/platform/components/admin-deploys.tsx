import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, MultiSelect, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPLOY_TYPES_LIST, type DeployTypeName } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { deploysQuery, type Deploy } from '../../../lib/deploys-query.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';

const TYPE_COLOR: Record<DeployTypeName, string> = { development: 'gray', staging: 'orange', production: 'green' };

/** `/admin/deploys`: the portal's deployments and the projects each serves — what the quick box lists. */
export function AdminDeploys() {
  const deploys = useQuery(deploysQuery);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Deploy | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (deploy: Deploy) => {
    setError(null);
    try {
      await api(`/api/deploys/${deploy._id}`, { method: 'DELETE' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['deploys'] }), queryClient.invalidateQueries({ queryKey: ADMIN_KEY })]);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The deploy could not be deleted.');
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          A deploy is one running portal at a host; each project it serves answers at its own subdomain of that host.
        </Text>
        <Button onClick={() => setEditing('new')}>New deploy</Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {deploys.isError ? (
        <Alert color="red">The deploys could not be loaded.</Alert>
      ) : !deploys.data ? (
        <Skeleton h={200} />
      ) : deploys.data.length === 0 ? (
        <Text c="dimmed">No deploy yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {deploys.data.map((deploy) => (
            <Card key={deploy._id} withBorder radius="md" padding="md" data-testid="deploy" data-name={deploy.name}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{deploy.name}</Text>
                  <Badge color={TYPE_COLOR[deploy.type]} variant="light">
                    {deploy.type}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {deploy.host}
                </Text>
                <Stack gap={2}>
                  {deploy.projects.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Serves no project.
                    </Text>
                  )}
                  {deploy.projects.map((project) => (
                    <Text key={project._id} size="sm">
                      {project.name} —{' '}
                      <a href={hostUrl(project.fullKey)} style={{ color: 'var(--mantine-color-anchor)' }}>
                        {project.fullKey}
                      </a>
                    </Text>
                  ))}
                </Stack>
                <Group gap="xs" mt={4}>
                  <Button size="xs" variant="default" onClick={() => setEditing(deploy)}>
                    Edit
                  </Button>
                  <TwoClickDelete size="xs" variant="light" color="red" onConfirm={() => void remove(deploy)} confirmLabel="Click again to delete">
                    Delete
                  </TwoClickDelete>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && <DeployForm deploy={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function DeployForm({ deploy, onClose }: { deploy: Deploy | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const projects = useQuery(adminProjectsQuery());
  const [form, setForm] = useState({
    name: deploy?.name ?? '',
    type: deploy?.type ?? ('staging' as DeployTypeName),
    host: deploy?.host ?? '',
    projects: deploy?.projects.map((p) => p._id) ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    const local = {
      ...(form.name.trim() ? {} : { name: 'Give the deploy a name.' }),
      ...(form.host.trim() ? {} : { host: 'A host name such as portal.example.com.' }),
    };
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    setMessage(null);
    try {
      const body = { name: form.name.trim(), type: form.type, host: form.host.trim(), projects: form.projects };
      await api(deploy ? `/api/deploys/${deploy._id}` : '/api/deploys', { method: deploy ? 'PUT' : 'POST', body });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['deploys'] }), queryClient.invalidateQueries({ queryKey: ADMIN_KEY })]);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError) {
        setErrors(fieldErrorsOf(caught));
        setMessage(caught.message);
      } else setMessage('The deploy could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={deploy ? `Edit ${deploy.name}` : 'New deploy'}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {message && <Alert color="red">{message}</Alert>}
          <TextInput label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={errors.name} data-autofocus />
          <Select
            label="Type"
            data={DEPLOY_TYPES_LIST.map((type) => ({ value: type, label: type[0]!.toUpperCase() + type.slice(1) }))}
            value={form.type}
            onChange={(type) => type && setForm({ ...form, type: type as DeployTypeName })}
            allowDeselect={false}
            error={errors.type}
          />
          <TextInput
            label="Host"
            description="Without https://, e.g. portal.example.com"
            value={form.host}
            onChange={(e) => setForm({ ...form, host: e.currentTarget.value })}
            error={errors.host}
          />
          <MultiSelect
            label="Projects it serves"
            data={(projects.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
            value={form.projects}
            onChange={(ids) => setForm({ ...form, projects: ids })}
            searchable
            error={errors.projects}
          />
          <ModalFooter onCancel={onClose} isSaving={isSaving} />
        </Stack>
      </form>
    </Modal>
  );
}
