import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ProjectBrand } from '../ui/project-brand.tsx';
import { PageTransition } from '../ui/page-transition.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';

/** A centred card under the project's logo band (sign-in, e-mail links, inquiries). */
export function NoAuthLayout() {
  return (
    <Box data-layout="no-auth" mih="100vh">
      <SkipLink />
      <Group component="header" h={64} className="logo-band" justify="space-between" wrap="nowrap" pr="md">
        <ProjectBrand />
        <LanguageSwitch />
      </Group>
      <Center component="main" id="main" tabIndex={-1} px="md" py="xl">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
          <Stack>
            <PageTransition>
              <Outlet />
            </PageTransition>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
