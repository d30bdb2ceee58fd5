import { Group, TextInput, Title } from '@mantine/core';

/** A list's heading with its search box beside it (under it on a phone). */
export function SearchHeading({
  title,
  value,
  onChange,
  placeholder,
  label,
}: {
  title: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The search box's accessible name. */
  label: string;
}) {
  return (
    <Group justify="space-between" align="end">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <TextInput
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        w={{ base: '100%', sm: 260 }}
        aria-label={label}
      />
    </Group>
  );
}
