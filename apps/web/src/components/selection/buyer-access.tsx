import { Alert, Button, Group, Text } from '@mantine/core';
import { useProject } from '../../lib/project.ts';
import { HowToGetIn } from './how-to-get-in.tsx';

/**
 * What a buyer's page shows instead of itself when it cannot show the buyer's home
 * (docs/screens.md, "The buyer's pages"): how to get in for someone who is not a buyer here or whose
 * unit is not linked yet, and a plain failure with a way to try again. Null when the page can
 * be shown.
 */
export function BuyerAccess({
  isNotMember,
  hasNoCart,
  isError,
  retry,
  what,
}: {
  isNotMember: boolean;
  hasNoCart: boolean;
  isError: boolean;
  retry: () => unknown;
  what: string;
}) {
  const { data: project } = useProject();
  if (!project) return null;
  if (isNotMember) return <HowToGetIn projectName={project.name} contact={project.options.contact} isMember={false} />;
  if (hasNoCart) return <HowToGetIn projectName={project.name} contact={project.options.contact} isMember />;
  if (isError) {
    return (
      <Alert color="red" title={`${what} could not be loaded`} role="alert">
        <Text size="sm">The connection to the portal failed. Your choices are safe: nothing was changed.</Text>
        <Group mt="xs">
          <Button size="xs" variant="white" onClick={() => void retry()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
