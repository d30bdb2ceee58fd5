import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';

/** A route that failed to load: a plain sentence and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const message =
    error instanceof ApiError ? error.message : 'Something went wrong while loading this page. Please try again.';
  return (
    <Center mih="50vh" px="md">
      <Stack maw={520}>
        <Alert color="red" title="This page could not be shown" role="alert">
          <Text>{message}</Text>
        </Alert>
        <Button variant="light" onClick={reset}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
