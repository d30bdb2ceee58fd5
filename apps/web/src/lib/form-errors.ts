import type { ApiError } from './api-client.ts';

/** The server's field problems ("body.options.locale") by field path ("options.locale"), for the form beside them. */
export function fieldErrorsOf(error: ApiError): Record<string, string> {
  const details = error.details as { issues?: Array<{ field: string; message: string }>; field?: string } | undefined;
  const errors: Record<string, string> = {};
  for (const issue of details?.issues ?? []) errors[issue.field.replace(/^body\./, '')] ??= issue.message;
  if (details?.field) errors[details.field] ??= error.message;
  return errors;
}
