import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** The whole viewport for the page (landing, embed, displays). */
export function FullpageLayout() {
  return (
    <Box data-layout="fullpage" mih="100vh">
      <Outlet />
    </Box>
  );
}
