/**
 * The languages the site speaks (issue 41) and how a request picks one. English is the source
 * language and the default; `ar` is written right to left.
 */
export const LOCALES = ['en', 'pt-BR', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as the footer's picker lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  ar: 'العربية',
};

/** The cookie that keeps a visitor's choice (the footer's picker); a member's is on the account. */
export const LOCALE_COOKIE = 'locale';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

/** `<html lang>`: English stays the spec's British English (en-GB), as index.html always said. */
export const htmlLangOf = (locale: Locale): string => (locale === 'en' ? 'en-GB' : locale);

/** The locale an `<html lang>` names, or the default. */
export const localeOfHtmlLang = (lang: string): Locale =>
  lang.toLowerCase().startsWith('en') ? 'en' : (closestLocale(lang) ?? DEFAULT_LOCALE);

/**
 * The site's language for one language tag: an exact match ignoring case, else the same
 * language in another region or none ("pt" and "pt-PT" → pt-BR, "de-AT" → de), else undefined.
 */
export function closestLocale(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return undefined;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4): tags by
 * descending q (ties in the header's order), q=0 refused, the first we speak wins; English
 * when none.
 */
export function negotiateLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params
        .map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1])
        .find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = closestLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
