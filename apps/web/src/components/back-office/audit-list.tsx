import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { AdminAuditEntry } from '@decor/core';
import { useDates } from '../../lib/use-dates.ts';

const ACTION_WORDS: Record<string, string> = {
  'project.create': 'created the project',
  'project.update': 'changed the project’s settings',
  'project.archive': 'archived the project',
  'project.restore': 'brought the project back',
  'user.update': 'changed the person',
  'user.sign-out-everywhere': 'signed the person out everywhere',
  'membership.grant': 'gave a role',
  'membership.change': 'changed a role',
  'membership.remove': 'removed a role',
  'deploy.create': 'created a deploy',
  'deploy.update': 'changed a deploy',
  'deploy.delete': 'deleted a deploy',
  'feature.create': 'created a feature flag',
  'feature.update': 'changed a feature flag',
  'feature.delete': 'removed a feature flag',
};

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The fields an entry changed, each as before → after (nested settings compared one level down). */
export function changedFields(before: unknown, after: unknown): Array<{ field: string; before: string; after: string }> {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const rows: Array<{ field: string; before: string; after: string }> = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const [x, y] = [b[key], a[key]];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    const isNested = x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y);
    if (isNested) rows.push(...changedFields(x, y).map((row) => ({ ...row, field: `${key}.${row.field}` })));
    else rows.push({ field: key, before: show(x), after: show(y) });
  }
  return rows;
}

/** The administrators' changes, newest first, each with what it changed. */
export function AuditList({ entries }: { entries: AdminAuditEntry[] }) {
  const { dateTime } = useDates();
  if (entries.length === 0) return <Text c="dimmed">No change recorded yet.</Text>;
  return (
    <Stack gap="sm" data-testid="audit-list">
      {entries.map((entry) => {
        const fields = entry.before === null || entry.after === null ? [] : changedFields(entry.before, entry.after);
        return (
          <Stack key={entry._id} gap={2} data-testid="audit-entry">
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {entry.actor?.email ?? 'A former admin'}
              </Text>
              <Text size="sm">{ACTION_WORDS[entry.action] ?? entry.action}</Text>
              <Badge variant="light" size="sm">
                {entry.targetKind}
              </Badge>
              <Text size="xs" c="dimmed">
                {dateTime(entry.at)}
              </Text>
            </Group>
            {fields.slice(0, 6).map((row) => (
              <Text key={row.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
                <Code>{row.field}</Code> {row.before} → {row.after}
              </Text>
            ))}
            {fields.length > 6 && (
              <Text size="xs" c="dimmed">
                and {fields.length - 6} more
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
