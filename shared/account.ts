import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './limits.js';

/**
 * Issue 40 §1: a member's data and its erasure. What an erased account shows wherever it is still
 * named (offers, chats, circles, ratings): its row keeps these names and nothing else.
 */
export const DELETED_MEMBER = 'Deleted member';
export const ERASED_NAMES = { firstName: 'Deleted', lastName: 'member' } as const;

export const WRONG_PASSWORD = 'Incorrect password';
export const ACCOUNT_ERASED = 'Your account has been deleted.';

/** DELETE /api/account: the member's password again, so a borrowed session cannot erase them. */
export const deleteAccountSchema = z
  .object({
    password: z
      .string({ error: 'Please enter your password' })
      .min(1, { error: 'Please enter your password' })
      .max(PASSWORD_MAX_LENGTH, { error: WRONG_PASSWORD }),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
