import { z } from 'zod';
import { AppError } from '../errors.js';

/** Path parameters as they arrive; each route turns them into the id it needs. */
export const idParams = z.object({ id: z.string().max(64) });
export const userIdParams = z.object({ userId: z.string().max(64) });

/** PostgreSQL's integer: the range of every serial id in the schema. */
export const MAX_DB_INT = 2_147_483_647;

/**
 * A path id that is not a positive integer in the database's range names nothing: answered 404
 * with the domain's own "not found" message, before any query runs.
 */
export function numericId(raw: string, notFound: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id < 1 || id > MAX_DB_INT) throw new AppError(404, notFound);
  return id;
}

/** `limit` and `offset` for a list that can grow. */
export function pageQuery(defaultLimit: number, maxLimit: number, maxOffset = 100_000) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(maxOffset).default(0),
  });
}
export type Page = { limit: number; offset: number };
