import { useId } from 'react';
import { Input, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { SafeMarkdown } from './safe-markdown.tsx';
import { useT } from '../../lib/i18n.ts';

/** Markdown written in one tab and previewed, as buyers will see it, in the other, under its visible label. */
export function MarkdownEditor({
  label,
  description,
  error,
  disabled,
  value,
  onChange,
  maxLength,
  minRows = 3,
}: {
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number | undefined;
  minRows?: number;
}) {
  const t = useT();
  const id = useId();
  return (
    <Stack gap={4}>
      <Input.Label htmlFor={id}>{label}</Input.Label>
      <Tabs defaultValue="write">
        <Tabs.List>
          <Tabs.Tab value="write">{t('app.markdown.write')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('app.markdown.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            id={id}
            description={description ?? t('app.markdown.help')}
            error={error}
            disabled={disabled}
            autosize
            minRows={minRows}
            maxRows={20}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            maxLength={maxLength}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          {value.trim() ? <SafeMarkdown>{value}</SafeMarkdown> : <Text c="dimmed">{t('app.markdown.empty')}</Text>}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
