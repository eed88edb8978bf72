/** Compiles shared/i18n/catalogs/*.ts into shared/i18n/compiled/ (shared/i18n/compile-catalog.ts). */
import { writeFile } from 'node:fs/promises';
import { LOCALES } from '../shared/i18n/locales.js';
import {
  catalogParts,
  compiledCatalogFile,
  compiledCatalogModule,
  ENGLISH_AREAS_FILE,
  englishAreasModule,
} from './i18n/compile-catalog.js';

for (const locale of LOCALES)
  for (const part of catalogParts(locale))
    await writeFile(compiledCatalogFile(locale, part), compiledCatalogModule(locale, part));
await writeFile(ENGLISH_AREAS_FILE, englishAreasModule());
console.info(`compiled ${LOCALES.join(', ')}`);
