/** Compiles shared/i18n/catalogs/*.ts into shared/i18n/compiled/ (shared/i18n/compile-catalog.ts). */
import { writeFile } from 'node:fs/promises';
import { LOCALES } from '../shared/i18n/locales.js';
import {
  areasFile,
  areasModule,
  catalogParts,
  compiledCatalogFile,
  compiledCatalogModule,
  localePartsFile,
  localePartsModule,
  PARTS_FILE,
  partsModule,
} from './i18n/compile-catalog.js';

for (const locale of LOCALES) {
  for (const part of catalogParts(locale))
    await writeFile(compiledCatalogFile(locale, part), compiledCatalogModule(locale, part));
  await writeFile(areasFile(locale), areasModule(locale));
  if (locale !== 'en') await writeFile(localePartsFile(locale), localePartsModule(locale));
}
await writeFile(PARTS_FILE, partsModule(LOCALES));
console.info(`compiled ${LOCALES.join(', ')}`);
