import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { GenericModal } from '../../../components/ui/generic-modal.tsx';
import { writeFakeSubdomain } from '../../../config/env.ts';
import { deploysQuery } from '../../../lib/deploys-query.ts';

/**
 * On a host without a project (an IP address or the bare portal host) an admin picks the
 * project to work on: a "fake subdomain", remembered in this browser and sent as ProjectId.
 */
export function FakeSubdomainPrompt() {
  const { data: deploys = [] } = useQuery(deploysQuery);
  const [choice, setChoice] = useState<string | null>(null);
  const [isDismissed, setDismissed] = useState(false);
  const keys = [...new Map(deploys.flatMap((d) => d.projects).map((p) => [p.key, p.name])).entries()];

  return (
    <GenericModal
      opened={!isDismissed}
      onClose={() => setDismissed(true)}
      title="Which project?"
      actions={[
        { label: 'Not now', variant: 'default', onClick: () => setDismissed(true) },
        {
          label: 'Use this project',
          onClick: () => {
            if (!choice) return;
            writeFakeSubdomain(choice);
            window.location.reload();
          },
        },
      ]}
    >
      <Stack>
        <Text size="sm">This address has no project subdomain. Choose the project to work on in this browser:</Text>
        <Select
          label="Project"
          placeholder="Choose a project"
          data={keys.map(([key, name]) => ({ value: key, label: `${name} (${key})` }))}
          value={choice}
          onChange={setChoice}
          searchable
        />
      </Stack>
    </GenericModal>
  );
}
