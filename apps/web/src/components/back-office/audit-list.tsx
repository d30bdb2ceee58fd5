import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { AdminAuditEntry, MessageKey } from '@decor/core';
import { useT } from '../../lib/i18n.ts';
import { useDates } from '../../lib/use-dates.ts';

/** What an entry may be about, said from the catalogue (`app.audit.target.*`). */
const TARGETS = new Set(['project', 'user', 'membership', 'deploy', 'feature', 'collection']);

/** The actions an entry may record, said from the catalogue (`app.audit.action.*`). */
const ACTIONS = new Set([
  'project.create',
  'project.update',
  'project.archive',
  'project.restore',
  'project.import',
  'project.restore-version',
  'collection.create',
  'collection.update',
  'user.update',
  'user.sign-out-everywhere',
  'membership.grant',
  'membership.change',
  'membership.remove',
  'deploy.create',
  'deploy.update',
  'deploy.delete',
  'feature.create',
  'feature.update',
  'feature.delete',
]);

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields an entry changed, each as before → after (nested settings compared one level down). */
export function changedFields(
  before: unknown,
  after: unknown,
): Array<{ field: string; before: string; after: string }> {
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
  const t = useT();
  if (entries.length === 0) return <Text c="dimmed">{t('app.audit.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="audit-list">
      {entries.map((entry) => {
        const fields = entry.before === null || entry.after === null ? [] : changedFields(entry.before, entry.after);
        return (
          <Stack key={entry._id} gap={2} data-testid="audit-entry">
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {entry.actor?.email ?? t('app.audit.former')}
              </Text>
              <Text size="sm">
                {ACTIONS.has(entry.action) ? t(`app.audit.action.${entry.action}` as MessageKey) : entry.action}
              </Text>
              <Badge variant="light" size="sm">
                {TARGETS.has(entry.targetKind)
                  ? t(`app.audit.target.${entry.targetKind}` as MessageKey)
                  : entry.targetKind}
              </Badge>
              <Text size="xs" c="dimmed">
                {dateTime(entry.at)}
              </Text>
            </Group>
            {fields.slice(0, 6).map((row) => (
              <Text key={row.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {/* Values as stored: data, shown as it is (in every language). */}
                <Code>{row.field}</Code> <Code>{row.before}</Code> → <Code>{row.after}</Code>
              </Text>
            ))}
            {fields.length > 6 && (
              <Text size="xs" c="dimmed">
                {t('app.audit.more', { count: fields.length - 6 })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
