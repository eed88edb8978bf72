import type { Decision } from '../shared/policies/decision.js';

/** An error whose message is safe to show to the client, with the HTTP status to answer. */
export class AppError extends Error {
  override name = 'AppError';
  /** `fields`: more for the client beside the message (which photo was refused), never internals. */
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export function tooManyRequests(retryAfterSeconds: number, message?: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    message ??
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
}

/** PostgreSQL's unique_violation, with the constraint that was hit. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === '23505' ? (pgError.constraint ?? '') : undefined;
}

/** Turns a policy's refusal into the HTTP error it names (shared/policies). */
export function enforce(decision: Decision): void {
  if (!decision.ok) throw new AppError(decision.status, decision.reason);
}
