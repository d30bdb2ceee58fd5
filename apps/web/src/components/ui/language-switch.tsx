import { Button, Group, Text } from '@mantine/core';
import { LANGUAGE_NAMES } from '@decor/core';
import { useLanguage } from '../../lib/language.ts';

/**
 * The project's other languages, each by its own name, in every page's header (docs/languages.md):
 * a choice is kept on this device and, when signed in, on the account (so mails follow it).
 * Nothing shows when the project speaks one language.
 */
export function LanguageSwitch() {
  const { language, languages, choose } = useLanguage();
  const others = languages.filter((other) => other !== language);
  if (!others.length) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {others.map((other) => (
        <Button
          key={other}
          variant="default"
          size="compact-sm"
          lang={other}
          data-testid={`language-${other}`}
          onClick={() => void choose(other)}
        >
          {/* The language by its name; on a phone by its code (FR), so the header keeps the brand in view. */}
          <Text span inherit visibleFrom="sm">
            {LANGUAGE_NAMES[other]}
          </Text>
          <Text span inherit hiddenFrom="sm">
            {other.split('-')[0]!.toUpperCase()}
            {/* Heard, not seen (a class of styles.css: the first page keeps Mantine's VisuallyHidden out of its script). */}
            <span className="heard-only"> {LANGUAGE_NAMES[other]}</span>
          </Text>
        </Button>
      ))}
    </Group>
  );
}
