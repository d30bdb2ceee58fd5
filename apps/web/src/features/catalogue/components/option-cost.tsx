import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useProject } from '../../../lib/project.ts';
import { useZone } from '../../../lib/use-dates.ts';
import { optionCostsQuery, saveOptionCost } from '../api/option-costs.ts';

/**
 * What an option costs the builder, beside its form (docs/reports.md, "Cost and margin"): kept
 * apart from the option's document, which buyers read, and saved on its own; the margin it
 * leaves at the option's price.
 */
export function OptionCost({ optionId, price }: { optionId: string; price: unknown }) {
  const costs = useQuery(optionCostsQuery);
  if (!costs.data) return null;
  const saved = costs.data.get(optionId) ?? null;
  // A new saved cost starts the field again from it.
  return <CostForm key={String(saved)} optionId={optionId} price={price} saved={saved} />;
}

function CostForm({ optionId, price, saved }: { optionId: string; price: unknown; saved: number | null }) {
  const t = useT();
  const money = useMoney();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const zone = useZone();
  const { data: project } = useProject();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<number | null | undefined>(saved);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    if (typed === undefined) return;
    setSaving(true);
    setMessage(null);
    try {
      await saveOptionCost(optionId, typed);
      await queryClient.invalidateQueries({ queryKey: optionCostsQuery.queryKey });
      setMessage({ color: 'green', text: t('app.option-cost.saved') });
    } catch (error) {
      setMessage({ color: 'red', text: errorText(error, 'app.option-cost.failed') });
    } finally {
      setSaving(false);
    }
  };
  const margin = typeof price === 'number' && typeof typed === 'number' && price > 0 ? price - typed : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="option-cost">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <NumberField
            label={t('app.option-cost.label')}
            description={t('app.option-cost.help')}
            locale={zone.locale}
            money={{ currency: project?.currency ?? 'CAD' }}
            value={typed}
            onChange={(value) => setTyped(value)}
            min={0}
            w={220}
            testId="option-cost-input"
          />
          <Button
            variant="light"
            loading={isSaving}
            disabled={typed === undefined || typed === saved}
            onClick={() => void save()}
          >
            {t('app.option-cost.save')}
          </Button>
        </Group>
        {margin !== null && (
          <Text size="sm" c={margin < 0 ? 'red' : 'dimmed'} data-testid="option-margin">
            {t('app.option-cost.margin', {
              margin: money(margin),
              share: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
                margin / (price as number),
              ),
            })}
          </Text>
        )}
        {message && (
          <Alert color={message.color} py={6} role="status">
            {message.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
