/** Compiles shared/i18n/catalogs/*.ts into shared/i18n/compiled/*.ts (shared/i18n/compile-catalog.ts). */
import { writeFile } from 'node:fs/promises';
import { compiledCatalogModule } from '../shared/i18n/compile-catalog.js';
import { LOCALES } from '../shared/i18n/locales.js';

for (const locale of LOCALES) {
  await writeFile(`shared/i18n/compiled/${locale}.ts`, compiledCatalogModule(locale));
}
console.info(`compiled ${LOCALES.join(', ')}`);
