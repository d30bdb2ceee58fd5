import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { safeNextPath } from '@decor/core';
import { api, ApiError } from '../lib/api-client.ts';
import { IdentityError, signInWithToken } from '../lib/auth-client.ts';

interface ConsumeResponse {
  token: string;
  target?: string | null;
}

/**
 * Consumes an access code (POST /api/access-codes/consume/{code}) and signs in with the
 * single-use token it returns (custom-token sign-in). A failure lands on
 * /400 with the server's reason, 'Could not get access.' when no token came back, or
 * 'Request failed.' when the server gave no reason (SPEC.md §5, §8).
 */
export function AccessCodePage({ code, destination }: { code: string; destination: 'home' | 'target' }) {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const result = await api<ConsumeResponse>(`/api/access-codes/consume/${encodeURIComponent(code)}`, {
          method: 'POST',
        });
        if (!result?.token) throw new Error('Could not get access.');
        await signInWithToken(result.token);
        const to = destination === 'target' ? safeNextPath(result.target ?? '/') : '/';
        await navigate({ to, replace: true });
      } catch (error) {
        const reason =
          (error instanceof ApiError && error.code !== 'internal') || error instanceof IdentityError
            ? error.message
            : error instanceof Error && error.message === 'Could not get access.'
              ? error.message
              : 'Request failed.';
        await navigate({ to: '/400', search: { reason }, replace: true });
      }
    })();
  }, [code, destination, navigate]);

  return (
    <Center mih="100vh">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">Opening your link…</Text>
      </Stack>
    </Center>
  );
}
