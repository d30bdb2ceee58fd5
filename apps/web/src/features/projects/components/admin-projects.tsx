import { useState } from 'react';
import { ProjectFormatFields } from '../../../components/back-office/project-format-fields.tsx';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, type AdminProject, type MessageKey } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { currentOfConflict, useVersionedDraft } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { ThemeColourFields } from '../../../components/back-office/theme-colour-fields.tsx';

/** `/admin/projects`: every project with its hosts and counts; search, open, edit, archive (docs/admin.md). */
export function AdminProjects() {
  const t = useT();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const projects = useQuery(adminProjectsQuery(q));
  const [editing, setEditing] = useState<AdminProject | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const archive = async (project: AdminProject, archived: boolean) => {
    setError(null);
    try {
      await api(`/api/admin/projects/${project._id}/archive`, { method: 'POST', body: { archived } });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    } catch (caught) {
      setError(errorText(caught, 'app.adm.projects.not-changed'));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <TextInput
          label={t('app.adm.search')}
          placeholder={t('app.adm.projects.name-or-key')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <AnchorLink to="/admin/new">{t('app.adm.projects.new')}</AnchorLink>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {projects.isError ? (
        <Alert color="red">{errorText(projects.error, 'app.adm.projects.not-loaded')}</Alert>
      ) : !projects.data ? (
        <Skeleton h={240} />
      ) : projects.data.length === 0 ? (
        <Text c="dimmed">{q ? t('app.adm.projects.no-match', { q }) : t('app.adm.projects.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {projects.data.map((project) => (
            <Card
              key={project._id}
              withBorder
              radius="md"
              padding="md"
              data-testid="admin-project"
              data-key={project.key}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="start">
                  <div>
                    <Text fw={700}>{project.name}</Text>
                    <Text size="xs" c="dimmed">
                      {project.key} · {project.currency} · {project.options.locale} · {project.options.timeZone}
                    </Text>
                  </div>
                  {project.archived ? (
                    <Badge color="gray">{t('app.adm.archived')}</Badge>
                  ) : (
                    <Badge color="green" variant="light">
                      {t('app.adm.open')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">
                  {t('app.adm.projects.counts', {
                    members: project.counts.members,
                    managers: project.counts.managers,
                    units: project.counts.units,
                    review: project.counts.carts.submitted,
                  })}
                </Text>
                <Group gap="xs" wrap="wrap">
                  {project.hosts.map((host) => (
                    <Anchor key={`${host.deploy}-${host.host}`} size="sm" href={hostUrl(host.host)}>
                      {t('app.adm.projects.open-host', { host: host.host })}
                    </Anchor>
                  ))}
                  {project.hosts.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('app.adm.projects.no-deploy')}
                    </Text>
                  )}
                </Group>
                <Group gap="xs" mt={4}>
                  <Button size="xs" variant="default" onClick={() => setEditing(project)}>
                    {t('app.adm.edit')}
                  </Button>
                  <AnchorLink to="/admin/configs/{-$projectId}" params={{ projectId: project._id }} size="sm">
                    {t('app.adm.projects.config')}
                  </AnchorLink>
                  {project.archived ? (
                    <Button size="xs" variant="light" onClick={() => void archive(project, false)}>
                      {t('app.adm.projects.bring-back')}
                    </Button>
                  ) : (
                    <TwoClickDelete
                      size="xs"
                      variant="light"
                      color="red"
                      onConfirm={() => void archive(project, true)}
                      confirmLabel={t('app.adm.projects.archive-confirm')}
                    >
                      {t('app.adm.projects.archive')}
                    </TwoClickDelete>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && <EditProject project={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** What an administrator edits of a project, from the project as the API answers it. */
function projectFormOf(project: Pick<AdminProject, 'name' | 'currency' | 'options' | 'theme'>) {
  return {
    name: project.name,
    currency: project.currency,
    locale: project.options.locale,
    timeZone: project.options.timeZone ?? DEFAULT_TIME_ZONE,
    unitSystem: project.options.unitSystem,
    primary: project.theme.primary,
    secondary: project.theme.secondary,
    logoBg: project.theme.logoBg,
  };
}

const PROJECT_FIELD_LABELS: Record<keyof ReturnType<typeof projectFormOf>, MessageKey> = {
  name: 'app.settings.name',
  currency: 'app.format.currency',
  locale: 'app.format.locale',
  timeZone: 'app.format.zone',
  unitSystem: 'app.format.areas',
  primary: 'app.settings.primary',
  secondary: 'app.settings.secondary',
  logoBg: 'app.settings.logo-band',
};

function EditProject({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  // What the administrator types, saved against the version last read; a 409 shows the current project and keeps theirs aside.
  const draft = useVersionedDraft(projectFormOf(project), project._version);
  const form = draft.values;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (key: keyof typeof form, value: string) => draft.set((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      await api(`/api/projects/${project._id}`, {
        method: 'PATCH',
        body: {
          name: form.name.trim(),
          currency: form.currency.trim().toUpperCase(),
          options: { locale: form.locale.trim(), timeZone: form.timeZone, unitSystem: form.unitSystem },
          theme: { primary: form.primary, secondary: form.secondary, logoBg: form.logoBg },
          _version: draft.version,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      onClose();
    } catch (caught) {
      const current = currentOfConflict<Parameters<typeof projectFormOf>[0] & { _version: number }>(caught);
      if (current) {
        draft.takeCurrent(projectFormOf(current), current._version);
        await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      } else if (caught instanceof ApiError) {
        setErrors(fieldErrorsOf(caught));
        setMessage(
          caught.code === 'conflict' ? t('app.adm.projects.conflict') : errorText(caught, 'app.adm.projects.not-saved'),
        );
      } else setMessage(t('app.adm.projects.not-saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('app.adm.projects.edit-title', { name: project.name })} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {draft.keptAside && (
            <ConflictNotice
              fields={draft.keptAside.map((key) => t(PROJECT_FIELD_LABELS[key]))}
              onReapply={draft.reapply}
            />
          )}
          {message && <Alert color="red">{message}</Alert>}
          <TextInput
            label={t('app.settings.name')}
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            required
          />
          <ProjectFormatFields
            value={form}
            onChange={set}
            errors={{
              currency: errors.currency,
              locale: errors['options.locale'],
              timeZone: errors['options.timeZone'],
            }}
          />
          <ThemeColourFields
            value={form}
            onChange={set}
            errors={{
              primary: errors['theme.primary'],
              secondary: errors['theme.secondary'],
              logoBg: errors['theme.logoBg'],
            }}
          />
          <ModalFooter onCancel={onClose} isSaving={isSaving} />
        </Stack>
      </form>
    </Modal>
  );
}
