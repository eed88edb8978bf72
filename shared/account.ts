import { z } from 'zod';
import { WRONG_PASSWORD } from './account-words.js';
import { PASSWORD_MAX_LENGTH } from './limits.js';

export * from './account-words.js';

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
