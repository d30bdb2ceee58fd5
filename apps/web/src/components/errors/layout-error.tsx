import { Alert, Anchor, Button, Center, Group, Stack, Text } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';

/**
 * What a layout shows when it could not be opened itself (its guard or its own data failed):
 * a plain sentence, a way to try again, and the way back to where that part of the portal
 * starts. A page that fails inside a working layout shows `RouteError` in the layout instead.
 */
export function layoutError({ home, homeLabel }: { home: '/' | '/manage' | '/admin' | '/sign-in'; homeLabel: string }) {
  return function LayoutError({ error, reset }: ErrorComponentProps) {
    const message = error instanceof ApiError ? error.message : 'Something went wrong while opening this part of the portal. Please try again.';
    return (
      <Center mih="60vh" px="md">
        <Stack maw={520}>
          <Alert color="red" title="This page could not be opened" role="alert">
            <Text>{message}</Text>
          </Alert>
          <Group>
            <Button variant="light" onClick={reset}>
              Try again
            </Button>
            <Anchor component={Link} to={home}>
              {homeLabel}
            </Anchor>
          </Group>
        </Stack>
      </Center>
    );
  };
}
