import type { ReactNode } from 'react';
import { Card, Text } from '@mantine/core';

/** One figure of a back office's overview: what it counts, the number, and a line under it. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string | undefined }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid={`figure-${label}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 20, xs: 24, sm: 28 }} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
