import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/test/playcanv')({
  staticData: { flags, layout: 'fullpage' },
  component: Page,
});

function Page() {
  return (
    <Container size="md" py="xl">
      <PageFrame title="3D diagnostic" description="WebGL capabilities and frame rate of this device." />
    </Container>
  );
}
