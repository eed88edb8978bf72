import { messages as arApi } from './compiled/ar.api.js';
import { messages as arAreas } from './compiled/ar.areas.js';
import { messages as arAuth } from './compiled/ar.auth.js';
import { messages as arHome } from './compiled/ar.home.js';
import { messages as ar } from './compiled/ar.js';
import { messages as deApi } from './compiled/de.api.js';
import { messages as deAreas } from './compiled/de.areas.js';
import { messages as deAuth } from './compiled/de.auth.js';
import { messages as deHome } from './compiled/de.home.js';
import { messages as de } from './compiled/de.js';
import { messages as enApi } from './compiled/en.api.js';
import { messages as enAreas } from './compiled/en.areas.js';
import { messages as enAuth } from './compiled/en.auth.js';
import { messages as enHome } from './compiled/en.home.js';
import { messages as en } from './compiled/en.js';
import { messages as ptBRApi } from './compiled/pt-BR.api.js';
import { messages as ptBRAreas } from './compiled/pt-BR.areas.js';
import { messages as ptBRAuth } from './compiled/pt-BR.auth.js';
import { messages as ptBRHome } from './compiled/pt-BR.home.js';
import { messages as ptBR } from './compiled/pt-BR.js';
import type { Locale } from './locales.js';
import { type CompiledCatalog, createTranslator, type Translator } from './translator.js';

// Every part of every language: the server speaks every screen in one process.
const COMPILED: Record<Locale, CompiledCatalog> = {
  en: { ...en, ...enHome, ...enAuth, ...enAreas, ...enApi },
  'pt-BR': { ...ptBR, ...ptBRHome, ...ptBRAuth, ...ptBRAreas, ...ptBRApi },
  de: { ...de, ...deHome, ...deAuth, ...deAreas, ...deApi },
  ar: { ...ar, ...arHome, ...arAuth, ...arAreas, ...arApi },
};

/**
 * A translator per language with its whole catalog, for code that may speak any of them in one
 * process: the server (API messages) and the pages it draws (prerender.tsx). The browser loads
 * only its own language instead (client/lib/i18n.ts).
 */
const translators = new Map<Locale, Translator>();

export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, COMPILED[locale]);
    translators.set(locale, translator);
  }
  return translator;
}
