import { type BrowserPart, PARTS } from '../../shared/i18n/compiled/parts';
import type { Locale } from '../../shared/i18n/locales';
import type { CompiledCatalog } from '../../shared/i18n/translator';

/**
 * One part of a language other than English, a chunk of its own: found through the language's
 * `parts` module (compiled/<locale>.parts.ts, which holds its app part; the browser fetches a
 * module once, however often it is imported).
 */
export async function loadPart(
  locale: Exclude<Locale, 'en'>,
  part: BrowserPart,
): Promise<CompiledCatalog> {
  const bundle = await PARTS[locale]();
  return part === 'app' ? bundle.messages : (await bundle.PARTS[part]()).messages;
}
