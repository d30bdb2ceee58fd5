import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currentProjectKey } from '../config/env.ts';
import { projectInLanguage, type ProjectResponse } from '@decor/core';
import { useLanguage } from './language.ts';
import { projectQuery, useProjectAsWritten, withZoneRules } from './project-query.ts';

export { projectQuery, useProjectAsWritten };

/** The current project, if this page has one, in the page's language. */
export function useProject() {
  const { language } = useLanguage();
  const select = useCallback(
    (project: ProjectResponse) => projectInLanguage(withZoneRules(project), language),
    [language],
  );
  return useQuery({ ...projectQuery(currentProjectKey()), select });
}
