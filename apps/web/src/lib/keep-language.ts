import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { meQuery, type Me } from './session.ts';
import { useProject } from './project.ts';
import { offeredLanguages, useLanguage } from './language.ts';

/** Whether this page has already kept on the account the language its person reads in. */
let isRecorded = false;

/**
 * A signed-in person who reads in a language other than the project's default without having
 * chosen it on the account (their browser's) has it kept there once, so that the mails they are
 * sent follow it (docs/languages.md). Mounted by the signed-in layouts, not the first page.
 */
export function useKeepLanguage() {
  const { data: me } = useQuery(meQuery);
  const { data: project } = useProject();
  const { language } = useLanguage();
  const defaultLanguage = offeredLanguages(project?.options).defaultLanguage;
  useEffect(() => {
    if (!me || me.language || language === defaultLanguage || isRecorded) return;
    isRecorded = true;
    void api<Me>('/api/me', { method: 'PATCH', body: { language } })
      .then((updated) => queryClient.setQueryData(meQuery.queryKey, updated))
      .catch(() => {
        isRecorded = false;
      });
  }, [me, language, defaultLanguage]);
}
