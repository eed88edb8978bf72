import type { MessageId } from '../../../shared/i18n/catalogs/en';
import type { Translator } from '../../../shared/i18n/translator';
import { conditionLabel } from '../../../shared/item-display';

/**
 * A category's name in the page's language. English's category names come with the home page's
 * chunk (shared/i18n/compile-catalog.ts), so elsewhere in English, and for a category the
 * catalogs do not know (added since), the stored name shows: the same English words.
 */
export function categoryName(
  { _, has }: Translator,
  category: { id: number; name: string },
): string {
  const id = `category.${category.id}` as MessageId;
  return has(id) ? _(id) : category.name;
}

/** A condition's name ("Like New") in the page's language; an unknown value as it is stored. */
export function conditionName({ _, has }: Translator, value: string): string {
  const id = `condition.${value}` as MessageId;
  return has(id) ? _(id) : conditionLabel(value);
}
