import { useMemo, useState } from 'react';
import { Anchor, Badge, Group, Modal, ScrollArea, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEPLOY_TYPES_LIST } from '@decor/core';
import { DevModeSwitch } from '../../../components/ui/dev-mode-switch.tsx';
import { deploysQuery, type Deploy } from '../../../lib/deploys-query.ts';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useT } from '../../../lib/i18n.ts';

/** Words only a screen reader says (which project a link opens). */
const hidden = { hidden: (chunk: string) => <VisuallyHidden>{chunk}</VisuallyHidden> };

/**
 * Deploys matching the filter (case-insensitive): a deploy found by its name or host with all
 * its projects, otherwise only its projects found by name or key ("maple" finds Maple Residences).
 */
export function filterDeploys(deploys: Deploy[], filter: string): Deploy[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return deploys;
  const has = (text: string) => text.toLowerCase().includes(needle);
  return deploys.flatMap((deploy) => {
    if (has(deploy.name) || has(deploy.host)) return [deploy];
    const projects = deploy.projects.filter((p) => has(p.name) || has(p.key) || has(p.fullKey));
    return projects.length ? [{ ...deploy, projects }] : [];
  });
}

/**
 * The admin quick box (docs/screens.md): `/` opens it (not while typing in a field, see
 * useSlashShortcut), Escape closes it. It finds projects by name or key and deploys by name or host, and lists their projects grouped by
 * environment, with links to each project's home and admin pages.
 */
export function QuickBox({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [filter, setFilter] = useState('');
  const { data: deploys = [], isLoading } = useQuery({ ...deploysQuery, enabled: opened });

  const shown = useMemo(() => filterDeploys(deploys, filter), [deploys, filter]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('app.admin.quick.title')} size="lg" data-testid="quick-box">
      <Stack>
        <TextInput
          placeholder={t('app.admin.quick.placeholder')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          data-autofocus
          aria-label={t('app.admin.quick.label')}
        />
        <ScrollArea.Autosize mah="55vh">
          <Stack gap="lg">
            {isLoading && <Text c="dimmed">{t('app.admin.quick.loading')}</Text>}
            {!isLoading && shown.length === 0 && <Text c="dimmed">{t('app.admin.quick.none', { filter })}</Text>}
            {DEPLOY_TYPES_LIST.map((type) => {
              const ofType = shown.filter((deploy) => deploy.type === type);
              if (ofType.length === 0) return null;
              return (
                <Stack key={type} gap="xs" data-testid={`deploys-${type}`}>
                  <Title order={4}>{t(`app.admin.deploy-type.${type}`)}</Title>
                  {ofType.map((deploy) => (
                    <Stack key={deploy._id} gap={4}>
                      <Group gap="xs">
                        <Text fw={600}>{deploy.name}</Text>
                        <Badge variant="light">{deploy.host}</Badge>
                      </Group>
                      {deploy.projects.map((project) => (
                        <Group key={project._id} justify="space-between" pl="sm">
                          <Text size="sm">
                            {project.name}{' '}
                            <Text span c="dimmed">
                              ({project.key})
                            </Text>
                          </Text>
                          <Group gap="sm">
                            {/* Each link says which project it opens (a list of "Home" links says nothing). */}
                            <Anchor size="sm" href={hostUrl(project.fullKey, '/')}>
                              <RichText text={t('app.admin.quick.home', { project: project.name })} tags={hidden} />
                            </Anchor>
                            <Anchor size="sm" href={hostUrl(project.fullKey, '/manage')}>
                              <RichText text={t('app.admin.quick.office', { project: project.name })} tags={hidden} />
                            </Anchor>
                            <Anchor size="sm" href={hostUrl(project.fullKey, `/admin/configs/${project._id}`)}>
                              <RichText text={t('app.admin.quick.settings', { project: project.name })} tags={hidden} />
                            </Anchor>
                          </Group>
                        </Group>
                      ))}
                    </Stack>
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <DevModeSwitch />
      </Stack>
    </Modal>
  );
}
