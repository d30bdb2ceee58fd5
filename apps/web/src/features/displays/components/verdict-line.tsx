import { Alert } from '@mantine/core';
import type { Verdict } from '@decor/core';

/** A diagnostic's verdict for a sales centre, green when good enough, orange with what to change. */
export function VerdictLine({ verdict }: { verdict: Verdict }) {
  return (
    <Alert color={verdict.isGood ? 'green' : 'orange'} mt="sm" data-testid="verdict" data-good={verdict.isGood}>
      {verdict.text}
    </Alert>
  );
}
