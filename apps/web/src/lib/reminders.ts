import type { RemindersInput, RemindersResult } from '@decor/core';
import { api } from './api-client.ts';

/** Reminds the buyers of chosen open selections, or of every one not started or not submitted (docs/selection-rules.md, "Reminders"). */
export function sendReminders(input: RemindersInput) {
  return api<RemindersResult>('/api/manage/reminders', { method: 'POST', body: input });
}
