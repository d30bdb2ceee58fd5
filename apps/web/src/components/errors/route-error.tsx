import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';
import type { FirstPageKey, MessageKey } from '@decor/core';
import { useFirstPageText } from '../../lib/first-page-text.ts';
import { useLanguage } from '../../lib/language.ts';
import { loadedSentences } from '../../lib/loaded-sentences.ts';

/** A failure as a person reads it: the server's sentence when it gave one, else a plain one. */
export function ErrorNotice({
  error,
  reset,
  title,
  fallback,
  minHeight,
  children,
}: ErrorComponentProps & { title: FirstPageKey; fallback: MessageKey; minHeight: string; children?: ReactNode }) {
  const say = useFirstPageText();
  // The longer sentence when the screens' sentences are at hand (they may be what failed to load).
  const explain = loadedSentences(useLanguage().language);
  const text = error instanceof ApiError ? error.message : explain?.(fallback);
  return (
    <Center mih={minHeight} px="md">
      <Stack maw={520}>
        <Alert color="red" title={say(title)} role="alert">
          {text && <Text>{text}</Text>}
        </Alert>
        <Group>
          <Button variant="light" onClick={reset}>
            {say('frame.error.try-again')}
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
    <ErrorNotice {...props} title="frame.error.page-title" fallback="app.frame.error.page-text" minHeight="50vh" />
  );
}
