/** The codes of every error the API answers (docs/api.md, "Errors"): alone, so that a page can know them without the sentences. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rule_broken',
  'locked',
  'rate_limited',
  'request_timeout',
  'unavailable',
  'email_not_verified',
  'terms_not_accepted',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
