import { type BrowserPart, PARTS } from '../../shared/i18n/compiled/parts';
import type { Locale } from '../../shared/i18n/locales';
import type { CompiledCatalog } from '../../shared/i18n/translator';

export type OtherLocale = Exclude<Locale, 'en'>;

/** One part of a language other than English: a chunk of its own (compiled/parts.ts). */
export async function loadPart(locale: OtherLocale, part: BrowserPart): Promise<CompiledCatalog> {
  return (await PARTS[locale][part]()).messages;
}
