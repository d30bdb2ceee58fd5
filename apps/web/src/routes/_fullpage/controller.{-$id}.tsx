import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageFrame } from '../../components/ui/page-frame.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/controller/{-$id}')({
  staticData: { flags, layout: 'fullpage' },
  component: Page,
});

function Page() {
  return (
    <Container size="md" py="xl">
      <PageFrame title="Controller" description="Drive a sales-centre display from this phone." />
    </Container>
  );
}
