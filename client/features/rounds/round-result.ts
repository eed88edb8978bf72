import { messages as englishMessages } from '../../../shared/i18n/compiled/en.rounds';
import type { Translate } from '../../../shared/i18n/translator';
import type { RoundResult } from '../../../shared/rounds';
import { addMessages, currentTranslator } from '../../lib/i18n';

addMessages('rounds', englishMessages);

/**
 * Whether a round's answer is proven best, or how far from best it can be (decision 006), in
 * `_`'s language (by default the page's).
 */
export function optimality(result: RoundResult, _: Translate = currentTranslator()._): string {
  if (result.optimal) return _('rounds.optimal');
  const bound = result.itemsBound;
  if (bound === undefined || bound <= result.itemsTraded) return _('rounds.bestFound');
  return _('rounds.bestBound', { bound, more: bound - result.itemsTraded });
}
