import { Alert, List, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatList, type MessageKey, type MissingTranslation } from '@decor/core';
import { catalogueCheckQuery } from '../api/get-catalogue-check.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/** The catalogue check (docs/back-office.md): what would stop buyers, before they hit it, and what is not yet in every language. */
export function CatalogueCheck() {
  const t = useT();
  const check = useQuery(catalogueCheckQuery);
  if (check.isError) return <Alert color="red">{t('app.check.failed')}</Alert>;
  if (!check.data) return <Skeleton h={60} />;
  const { problems, missingTranslations = [] } = check.data;
  return (
    <Stack gap="sm">
      {problems.length === 0 ? (
        <Alert color="green" title={t('app.check.title')} data-testid="catalogue-check">
          {t('app.check.fine')}
        </Alert>
      ) : (
        <Alert color="orange" title={t('app.check.problems', { count: problems.length })} data-testid="catalogue-check">
          <List size="sm" spacing={4}>
            {problems.slice(0, 30).map((problem, index) => (
              // In the reader's words, from the sentence's key (the server's own words when it names none).
              <List.Item key={index}>
                {problem.key ? t(problem.key as MessageKey, problem.params) : problem.text}
              </List.Item>
            ))}
          </List>
          {problems.length > 30 && <Text size="sm">{t('app.check.more', { count: problems.length - 30 })}</Text>}
        </Alert>
      )}
      {missingTranslations.length > 0 && <MissingTranslations missing={missingTranslations} />}
    </Stack>
  );
}

/** Per collection and language, what buyers reading that language see in the default language instead (docs/languages.md). */
function MissingTranslations({ missing }: { missing: MissingTranslation[] }) {
  const t = useT();
  const { locale } = useLanguage();
  const languageName = (tag: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  return (
    <Alert color="blue" title={t('app.check.translations-title')} data-testid="missing-translations">
      <Text size="sm" mb={4}>
        {t('app.check.translations-help')}
      </Text>
      <List size="sm" spacing={4}>
        {missing.map((entry) => (
          <List.Item key={`${entry.collection}:${entry.language}`}>
            {t(`app.check.missing.${entry.collection}`, {
              count: entry.count,
              language: languageName(entry.language),
              names: formatList(entry.count > entry.names.length ? [...entry.names, '…'] : entry.names, locale, 'unit'),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
