/**
 * Issue 40 §1, without zod (pages load it): what an erased account shows wherever it is still
 * named (offers, chats, circles, ratings), and the answers of an erasure.
 */
export const DELETED_MEMBER = 'Deleted member';
/** The names an erased account's row keeps, which every display name turns into DELETED_MEMBER. */
export const ERASED_NAMES = { firstName: 'Deleted', lastName: 'member' } as const;

export const WRONG_PASSWORD = 'Incorrect password';
export const ACCOUNT_ERASED = 'Your account has been deleted.';
