import { useState } from 'react';
import { Alert, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FileUpload } from '../../../components/ui/file-upload.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api } from '../../../lib/api-client.ts';
import { currentProjectKey } from '../../../config/env.ts';
import { projectQuery, useProjectAsWritten } from '../../../lib/project.ts';
import { useT } from '../../../lib/i18n.ts';

/** The project's logo on its logo band: upload (PNG, JPEG or WebP), preview, remove. */
export function LogoSettings() {
  const t = useT();
  const { data: project } = useProjectAsWritten();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  if (!project) return null;

  const saveLogo = async (logoUrl: string | null) => {
    setError(null);
    try {
      await api(`/api/projects/${project._id}`, { method: 'PATCH', body: { theme: { logoUrl } } });
      await queryClient.invalidateQueries({ queryKey: projectQuery(currentProjectKey()).queryKey });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Stack>
        <Title order={2} fz="lg">
          {t('app.logo.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.logo.help', { project: project.name })}
        </Text>
        <Box className="logo-band" p="md" style={{ borderRadius: 8 }} data-testid="logo-preview">
          {project.theme.logoUrl ? (
            <Image
              src={project.theme.logoUrl}
              alt={t('app.logo.alt', { project: project.name })}
              h={40}
              w="auto"
              fit="contain"
            />
          ) : (
            <Text fw={700} c="inherit">
              {t('app.logo.none', { project: project.name })}
            </Text>
          )}
        </Box>
        <Group align="flex-start">
          <FileUpload
            label={project.theme.logoUrl ? t('app.logo.replace') : t('app.logo.upload')}
            accept="image/png,image/jpeg,image/webp"
            configs={{ purpose: 'logo' }}
            onUploaded={(file) => saveLogo(file.url)}
          />
          {project.theme.logoUrl && (
            <TwoClickDelete
              variant="subtle"
              color="red"
              onConfirm={() => void saveLogo(null)}
              confirmLabel={t('app.logo.click-again')}
            >
              {t('app.logo.remove')}
            </TwoClickDelete>
          )}
        </Group>
        {error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Card>
  );
}
