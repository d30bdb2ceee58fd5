import { message, type CoreKey, type MessageParams } from './messages/index.ts';
import type { ErrorCode } from './error-codes.ts';

/**
 * Typed domain errors. Core knows codes, not HTTP statuses: the server maps each code
 * to a status in one place, and the web client turns them into plain sentences.
 */
export { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  /** The sentence's key in the message catalogue and its parameters, when it came from there. */
  readonly key?: CoreKey;
  readonly params?: MessageParams;

  constructor(
    code: ErrorCode,
    message: string,
    details?: unknown,
    sentence?: { key: CoreKey; params?: MessageParams },
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    if (sentence) {
      this.key = sentence.key;
      if (sentence.params) this.params = sentence.params;
    }
  }
}

/** A domain error whose sentence comes from the message catalogue: the code for machines, the key and parameters for any language. */
export function fail(code: ErrorCode, key: CoreKey, params?: MessageParams, details?: unknown): DomainError {
  return new DomainError(code, message(key, params), details, { key, ...(params ? { params } : {}) });
}
