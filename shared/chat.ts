import { z } from 'zod';

export { CHAT_PAGE_SIZE } from './limits.js';

/**
 * GET …/messages of an offer or a circle: the latest `limit` messages, oldest first; with
 * `before` (a message id of that chat), the `limit` messages that came before it, so a long
 * history is read a page at a time, each page as cheap as the first.
 */
export const chatPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .default(200),
  before: z.coerce
    .number({ error: 'before must be a message id' })
    .int({ error: 'before must be a message id' })
    .min(1, { error: 'before must be a message id' })
    .max(2_147_483_647, { error: 'before must be a message id' })
    .optional(),
});
export type ChatPage = z.output<typeof chatPageQuerySchema>;
