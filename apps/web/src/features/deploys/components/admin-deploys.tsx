import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPLOY_TYPES_LIST, type DeployTypeName } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { deploysQuery, type Deploy } from '../../../lib/deploys-query.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

const TYPE_COLOR: Record<DeployTypeName, string> = { development: 'gray', staging: 'orange', production: 'green' };

/** `/admin/deploys`: the portal's deployments and the projects each serves — what the quick box lists. */
export function AdminDeploys() {
  const t = useT();
  const errorText = useErrorText();
  const deploys = useQuery(deploysQuery);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Deploy | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (deploy: Deploy) => {
    setError(null);
    try {
      await api(`/api/deploys/${deploy._id}`, { method: 'DELETE' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deploys'] }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
      ]);
    } catch (caught) {
      setError(errorText(caught, 'app.adm.deploys.not-deleted'));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('app.adm.deploys.help')}
        </Text>
        <Button onClick={() => setEditing('new')}>{t('app.adm.deploys.new')}</Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {deploys.isError ? (
        <Alert color="red">{t('app.adm.deploys.not-loaded')}</Alert>
      ) : !deploys.data ? (
        <Skeleton h={200} />
      ) : deploys.data.length === 0 ? (
        <Text c="dimmed">{t('app.adm.deploys.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {deploys.data.map((deploy) => (
            <Card key={deploy._id} withBorder radius="md" padding="md" data-testid="deploy" data-name={deploy.name}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{deploy.name}</Text>
                  <Badge color={TYPE_COLOR[deploy.type]} variant="light">
                    {t(`app.admin.deploy-type.${deploy.type}`)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {deploy.host}
                </Text>
                <Stack gap={2}>
                  {deploy.projects.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('app.adm.deploys.serves-none')}
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
                    {t('app.adm.edit')}
                  </Button>
                  <TwoClickDelete
                    size="xs"
                    variant="light"
                    color="red"
                    onConfirm={() => void remove(deploy)}
                    confirmLabel={t('app.editor.delete-confirm')}
                  >
                    {t('app.editor.delete')}
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
  const t = useT();
  const errorText = useErrorText();
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
      ...(form.name.trim() ? {} : { name: t('app.adm.deploys.give-name') }),
      ...(form.host.trim() ? {} : { host: t('app.adm.deploys.give-host') }),
    };
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    setMessage(null);
    try {
      const body = { name: form.name.trim(), type: form.type, host: form.host.trim(), projects: form.projects };
      await api(deploy ? `/api/deploys/${deploy._id}` : '/api/deploys', { method: deploy ? 'PUT' : 'POST', body });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deploys'] }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
      ]);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError) {
        setErrors(fieldErrorsOf(caught));
        setMessage(errorText(caught, 'app.adm.deploys.not-saved'));
      } else setMessage(t('app.adm.deploys.not-saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={deploy ? t('app.adm.projects.edit-title', { name: deploy.name }) : t('app.adm.deploys.new')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {message && <Alert color="red">{message}</Alert>}
          <TextInput
            label={t('app.settings.name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <Select
            label={t('app.adm.deploys.type')}
            data={DEPLOY_TYPES_LIST.map((type) => ({ value: type, label: t(`app.admin.deploy-type.${type}`) }))}
            value={form.type}
            onChange={(type) => type && setForm({ ...form, type: type as DeployTypeName })}
            allowDeselect={false}
            error={errors.type}
          />
          <TextInput
            label={t('app.adm.deploys.host')}
            description={t('app.adm.deploys.host-help')}
            value={form.host}
            onChange={(e) => setForm({ ...form, host: e.currentTarget.value })}
            error={errors.host}
          />
          <MultiSelect
            label={t('app.adm.deploys.serves')}
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
