import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError } from '../../lib/api-client.ts';
import { useProject } from '../../lib/project.ts';
import { HowToGetIn } from './how-to-get-in.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * What a buyer's page shows instead of itself when it cannot show the buyer's home
 * (docs/screens.md, "The buyer's pages"): how to get in for someone who is not a buyer here or whose
 * unit is not linked yet, the server's own words when it refused, and a failed connection only
 * when the portal could not be reached. Nothing while the onboarding gate holds the person (the
 * "Getting started" dialog says what to do). Null when the page can be shown.
 */
export function BuyerAccess({
  isNotMember,
  hasNoCart,
  isError,
  error,
  retry,
  what,
}: {
  isNotMember: boolean;
  hasNoCart: boolean;
  isError: boolean;
  /** What went wrong, to tell a refusal from a failed connection. */
  error?: unknown;
  retry: () => unknown;
  what: string;
}) {
  const { data: project } = useProject();
  const t = useT();
  if (!project) return null;
  if (isNotMember) return <HowToGetIn projectName={project.name} contact={project.options.contact} isMember={false} />;
  if (hasNoCart) return <HowToGetIn projectName={project.name} contact={project.options.contact} isMember />;
  if (isError) {
    const refusal = error instanceof ApiError && error.code !== 'network' ? error : null;
    if (refusal && (refusal.code === 'email_not_verified' || refusal.code === 'terms_not_accepted')) return null;
    return (
      <Alert
        color="red"
        title={refusal ? t('app.access.not-shown', { what }) : t('app.access.not-loaded', { what })}
        role="alert"
      >
        <Text size="sm">{refusal ? refusal.message : t('app.access.connection')}</Text>
        <Group mt="xs">
          <Button size="xs" variant="white" onClick={() => void retry()}>
            {t('app.access.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
