import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';

/** A failure as a person reads it: the server's sentence when it gave one, else a plain one. */
export function ErrorNotice({
  error,
  reset,
  title,
  fallback,
  minHeight,
  children,
}: ErrorComponentProps & { title: string; fallback: string; minHeight: string; children?: ReactNode }) {
  return (
    <Center mih={minHeight} px="md">
      <Stack maw={520}>
        <Alert color="red" title={title} role="alert">
          <Text>{error instanceof ApiError ? error.message : fallback}</Text>
        </Alert>
        <Group>
          <Button variant="light" onClick={reset}>
            Try again
          </Button>
          {children}
        </Group>
      </Stack>
    </Center>
  );
}

/** A route that failed to load: a plain sentence and a way to try again. */
export function RouteError(props: ErrorComponentProps) {
  return (
    <ErrorNotice {...props} title="This page could not be shown" fallback="Something went wrong while loading this page. Please try again." minHeight="50vh" />
  );
}
