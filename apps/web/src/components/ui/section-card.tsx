import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';

/** A titled card that groups the fields of one part of a settings page. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
