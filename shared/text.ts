import { z } from 'zod';

/**
 * What text may contain, anywhere a request carries it (bodies, query strings, path parameters):
 * no C0 control characters but tab, line feed and carriage return (a textarea's line breaks), no
 * DEL, and no lone UTF-16 surrogate. PostgreSQL refuses NUL in text outright, and the others have
 * no business in a listing, a message or a name. The server checks every request with
 * `forbiddenCharacter` before any handler runs (server/plugins/input-guard.ts).
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character `text` may not contain, as `U+XXXX`, or undefined when it is clean. */
export function forbiddenCharacter(text: string): string | undefined {
  const found = FORBIDDEN.exec(text)?.[0];
  if (found === undefined) return undefined;
  return `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export const forbiddenCharacterMessage = (field: string, character: string) =>
  `${field} contains a character that is not allowed (${character})`;

/** PostgreSQL's integer, the type of every serial id: a larger id names nothing. */
export const MAX_DB_ID = 2_147_483_647;

/** An id in a request body (itemId, swapRequestId, …): a positive integer in the database's range. */
export function dbId(name: string) {
  const message = `${name} must be a number`;
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_DB_ID, { error: `${name} is out of range` });
}
