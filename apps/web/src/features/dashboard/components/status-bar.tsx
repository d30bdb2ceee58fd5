import { Group, Text, Tooltip } from '@mantine/core';

export interface BarPart {
  label: string;
  value: number;
  color: string;
}

/**
 * One horizontal bar split by share (units or carts by status): a picture of proportions
 * that reads faster than the numbers beside it. Loaded only by the dashboard.
 */
export default function StatusBar({ parts, label }: { parts: BarPart[]; label: string }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <div role="img" aria-label={`${label}: ${parts.map((p) => `${p.label} ${p.value}`).join(', ')}`}>
      <div
        style={{
          display: 'flex',
          height: 14,
          borderRadius: 7,
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-2)',
        }}
      >
        {total > 0 &&
          parts
            .filter((part) => part.value > 0)
            .map((part) => (
              <Tooltip key={part.label} label={`${part.label}: ${part.value}`}>
                <div style={{ width: `${(part.value / total) * 100}%`, background: part.color }} />
              </Tooltip>
            ))}
      </div>
      <Group gap="md" mt={6}>
        {parts.map((part) => (
          <Group key={part.label} gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: part.color, display: 'inline-block' }}
            />
            <Text size="xs" c="dimmed">
              {part.label}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
