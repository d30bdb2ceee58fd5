import { useState } from 'react';
import { Alert, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FileUpload } from '../../../components/ui/file-upload.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api } from '../../../lib/api-client.ts';
import { currentProjectKey } from '../../../config/env.ts';
import { projectQuery, useProject } from '../../../lib/project.ts';

/** The project's logo on its logo band: upload (PNG, JPEG or WebP), preview, remove. */
export function LogoSettings() {
  const { data: project } = useProject();
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
          Logo
        </Title>
        <Text size="sm" c="dimmed">
          Shown on the {project.name} logo band of every page, on its logo colour. A wide PNG with a transparent background works best.
        </Text>
        <Box className="logo-band" p="md" style={{ borderRadius: 8 }} data-testid="logo-preview">
          {project.theme.logoUrl ? (
            <Image src={project.theme.logoUrl} alt={`${project.name} logo`} h={40} w="auto" fit="contain" />
          ) : (
            <Text fw={700} c="inherit">
              {project.name} (no logo yet)
            </Text>
          )}
        </Box>
        <Group align="flex-start">
          <FileUpload
            label={project.theme.logoUrl ? 'Replace the logo' : 'Upload a logo'}
            accept="image/png,image/jpeg,image/webp"
            configs={{ purpose: 'logo' }}
            onUploaded={(file) => saveLogo(file.url)}
          />
          {project.theme.logoUrl && (
            <TwoClickDelete variant="subtle" color="red" onConfirm={() => void saveLogo(null)} confirmLabel="Click again to remove">
              Remove
            </TwoClickDelete>
          )}
        </Group>
        {error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Card>
  );
}
