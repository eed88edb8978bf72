import { en, type MessageId } from '../../shared/i18n/catalogs/en.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { translatorFor } from '../../shared/i18n/translators.js';

/**
 * The server's `{message}`s are written in English where they arise (services, zod schemas,
 * guards) and translated on the way out by their English text: the catalog's `api.*` entries.
 * A message with an argument (`Items containing "{word}" …`) is recognised by a pattern made
 * from its English text. A message not in the catalog is sent as written.
 */
type Known = { id: MessageId; pattern?: RegExp; names: string[] };

const exact = new Map<string, Known>();
const patterned: Known[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [key, text] of Object.entries(en)) {
  if (!key.startsWith('api.')) continue;
  const id = key as MessageId;
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    exact.set(text, { id, names });
    continue;
  }
  const source = escapeRegExp(text).replace(/\\\{\w+\\\}/g, '(.+?)');
  patterned.push({ id, names, pattern: new RegExp(`^${source}$`) });
}

export function translateApiMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const known = exact.get(message);
  if (known) return translatorFor(locale)._(known.id);
  for (const { id, names, pattern } of patterned) {
    const match = pattern?.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
    return translatorFor(locale)._(id, values);
  }
  return message;
}
