/**
 * Typed domain errors. Core knows codes, not HTTP statuses: the server maps each code
 * to a status in one place, and the web client turns them into plain sentences.
 */
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
  'email_not_verified',
  'terms_not_accepted',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export const notFound = (message: string, details?: unknown) => new DomainError('not_found', message, details);
export const forbidden = (message: string, details?: unknown) => new DomainError('forbidden', message, details);
export const conflict = (message: string, details?: unknown) => new DomainError('conflict', message, details);
export const badRequest = (message: string, details?: unknown) => new DomainError('bad_request', message, details);
