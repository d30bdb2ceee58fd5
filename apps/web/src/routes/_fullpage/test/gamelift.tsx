import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/test/gamelift')({
  staticData: { flags, layout: 'fullpage' },
  component: Page,
});

function Page() {
  return (
    <Container size="md" py="xl">
      <PageFrame title="Realtime diagnostic" description="Round-trip latency of the realtime channel to the server." />
    </Container>
  );
}
