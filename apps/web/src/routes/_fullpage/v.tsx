import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageFrame } from '../../components/ui/page-frame.tsx';

const flags = {};

export const Route = createFileRoute('/_fullpage/v')({
  staticData: { flags, layout: 'fullpage' },
  component: Page,
});

function Page() {
  return (
    <Container size="md" py="xl">
      <PageFrame title="Display" description="A sales-centre screen: pair a phone to drive it." />
    </Container>
  );
}
