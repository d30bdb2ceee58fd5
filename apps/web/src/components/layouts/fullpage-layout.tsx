import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** The whole viewport for the page (landing, embed, displays). */
export function FullpageLayout() {
  return (
    <Box component="main" id="main" data-layout="fullpage" mih="100vh">
      <Outlet />
    </Box>
  );
}
