import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { OptionDocument } from '@decor/core';
import { SafeMarkdown } from '../../../components/ui/safe-markdown.tsx';
import { photoUrl } from './option-photo.ts';
import { useT } from '../../../lib/i18n.ts';

/**
 * An option up close (docs/screens.md, "Configure"): its photos, description, vendor, SKU,
 * level and price, what it needs and what it cannot be combined with, and — when it cannot
 * be chosen now — why, in the buyer's words. Opened by tap, click or keyboard.
 */
export function OptionDetail({
  option,
  options,
  isChosen,
  reason,
  money,
  onToggle,
  onClose,
}: {
  option: OptionDocument & { _id: string };
  options: ReadonlyMap<string, OptionDocument & { _id: string }>;
  isChosen: boolean;
  reason: string | null;
  money: (minor: number) => string;
  onToggle: () => void;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(0);
  const t = useT();
  const level =
    option.level >= 1 && option.level <= 4 ? t(`app.configure.level.${option.level as 1 | 2 | 3 | 4}`) : null;
  const photos = option.images ?? [];
  const names = (ids: readonly string[]) =>
    ids
      .map((id) => options.get(id)?.name)
      .filter(Boolean)
      .join(', ');
  const excludedBy = [...options.values()].filter((o) => o.excludes.includes(option._id)).map((o) => o._id);
  const excludes = [...new Set([...option.excludes, ...excludedBy])];
  return (
    <Modal opened onClose={onClose} title={option.name} size="lg" centered data-testid="option-detail">
      <Stack gap="sm">
        {photos.length > 0 ? (
          <Stack gap="xs">
            <Image
              src={photoUrl(photos[shown] ?? photos[0]!, 800)}
              alt={`${option.name}, photo ${shown + 1} of ${photos.length}`}
              radius="md"
              mah={360}
              fit="contain"
            />
            {photos.length > 1 && (
              <Group gap="xs">
                {photos.map((id, index) => (
                  <UnstyledButton
                    key={id}
                    onClick={() => setShown(index)}
                    aria-label={t('app.option.photo', { number: index + 1 })}
                    aria-pressed={index === shown}
                  >
                    <Image
                      src={photoUrl(id, 200)}
                      alt=""
                      w={56}
                      h={56}
                      radius="sm"
                      fit="cover"
                      style={{ outline: index === shown ? '2px solid var(--mantine-color-brand-6)' : undefined }}
                    />
                  </UnstyledButton>
                ))}
              </Group>
            )}
          </Stack>
        ) : (
          <Box
            h={140}
            style={{ borderRadius: 8, background: option.swatch?.color ?? 'var(--mantine-color-gray-2)' }}
            aria-hidden
          />
        )}
        <Group justify="space-between">
          <Group gap="xs">
            {level && <Badge variant="light">{level}</Badge>}
            {isChosen && <Badge color="green">{t('app.option.chosen')}</Badge>}
          </Group>
          <Text fw={700} fz="lg" data-testid="detail-price">
            {option.price === 0 ? t('app.configure.included') : `+${money(option.price)}`}
          </Text>
        </Group>
        {option.description && <SafeMarkdown>{option.description}</SafeMarkdown>}
        <SimpleGrid cols={2} spacing={4}>
          {option.vendor && (
            <>
              <Text size="sm" c="dimmed">
                {t('app.option.vendor')}
              </Text>
              <Text size="sm">{option.vendor}</Text>
            </>
          )}
          {option.sku && (
            <>
              <Text size="sm" c="dimmed">
                {t('app.option.sku')}
              </Text>
              <Text size="sm">{option.sku}</Text>
            </>
          )}
          {option.requires.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {t('app.option.needs')}
              </Text>
              <Text size="sm">{names(option.requires)}</Text>
            </>
          )}
          {excludes.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {t('app.option.excludes')}
              </Text>
              <Text size="sm">{names(excludes)}</Text>
            </>
          )}
        </SimpleGrid>
        {reason && (
          <Alert color="orange" title={t('app.option.not-available')} role="status" data-testid="detail-reason">
            {reason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onClose}>
            {t('app.option.close')}
          </Anchor>
          <Button
            onClick={() => {
              onToggle();
              onClose();
            }}
            disabled={reason !== null}
            variant={isChosen ? 'light' : 'filled'}
          >
            {isChosen ? t('app.option.remove') : t('app.option.choose')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
