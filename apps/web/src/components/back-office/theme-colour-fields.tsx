import { ColorInput, SimpleGrid } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';

export type ThemeColour = 'primary' | 'secondary' | 'logoBg';
const LABELS = {
  primary: 'app.settings.primary',
  secondary: 'app.settings.secondary',
  logoBg: 'app.settings.logo-band',
} as const;

/** A project's three brand colours (main, accent, logo band), side by side: settings, the platform's dialog and the new-project wizard. */
export function ThemeColourFields({
  value,
  onChange,
  errors = {},
}: {
  value: Record<ThemeColour, string>;
  onChange: (colour: ThemeColour, value: string) => void;
  errors?: Partial<Record<ThemeColour, string | undefined>>;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {(Object.keys(LABELS) as ThemeColour[]).map((colour) => (
        <ColorInput
          key={colour}
          label={t(LABELS[colour])}
          value={value[colour]}
          onChange={(next) => onChange(colour, next)}
          error={errors[colour]}
          format="hex"
        />
      ))}
    </SimpleGrid>
  );
}
