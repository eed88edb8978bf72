import { Fragment, type ReactNode } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { htmlLangOf } from '../../../../shared/i18n/locales';
import type { Item } from '../../../../shared/items';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { OFFER_SIDE_MAX } from '../listing-pick';
import { ListingChoiceRow, ListingPicker } from './listing-picker';

addMessages('offer-dialogs', englishMessages);

type Side = {
  listings: readonly Item[];
  picked: readonly number[];
  onToggle: (id: number) => void;
  isPending: boolean;
};

/**
 * "You ask for": the listing the offer was opened on, always, and up to four more of its owner's
 * listings (issue 38: 1–5 a side, all of one member).
 */
export function AskedListings({ item, owner, ...side }: Side & { item: Item; owner: string }) {
  const { _ } = useI18n();
  const count = side.picked.length + 1;
  return (
    <ListingPicker
      {...side}
      legend={_('sides.askFor')}
      max={OFFER_SIDE_MAX - 1}
      status={_('sides.askedCount', { count, max: OFFER_SIDE_MAX })}
      empty={_('sides.noOther', { owner })}
    >
      <div className="mb-2 flex items-center gap-3 rounded-xl border border-brand-600 bg-brand-50/60 p-2">
        <ListingChoiceRow item={item} note={_('sides.opened')} />
      </div>
      <p className="mb-1.5 text-sm">{_('sides.addMore', { owner })}</p>
    </ListingPicker>
  );
}

/** "Your listings to offer (Optional)": 0–5 of the member's own listings, free to trade. */
export function OfferedListings({ empty, ...side }: Side & { empty?: string }) {
  const { _ } = useI18n();
  return (
    <ListingPicker
      {...side}
      legend={_('sides.offer')}
      max={OFFER_SIDE_MAX}
      status={_('sides.chosen', { count: side.picked.length, max: OFFER_SIDE_MAX })}
      empty={empty ?? _('sides.noneFree')}
    />
  );
}

/**
 * Titles in bold, joined as a sentence of the page's language says them: “A”, “A and B”,
 * “A, B and C” (en-GB), “A, B e C”, “A، B وC”: the platform's list format, made on first use.
 */
const listFormats = new Map<string, Intl.ListFormat>();
function Titles({ items }: { items: readonly Item[] }) {
  const { locale } = useI18n();
  const lang = htmlLangOf(locale);
  let format = listFormats.get(lang);
  if (!format) {
    format = new Intl.ListFormat(lang, { type: 'conjunction' });
    listFormats.set(lang, format);
  }
  let next = 0;
  const parts: ReactNode[] = format.formatToParts(items.map((item) => item.title)).map((part) => {
    // A joining word follows the `next`th title: one at most between two titles.
    if (part.type === 'literal') return <Fragment key={`after-${next}`}>{part.value}</Fragment>;
    const item = items[next++];
    return <strong key={item?.id}>{part.value}</strong>;
  });
  return <>{parts}</>;
}

/** What the offer will name, in a sentence, just above the send button. */
export function OfferSummary({
  asked,
  offered,
}: {
  asked: readonly Item[];
  offered: readonly Item[];
}) {
  const { _ } = useI18n();
  if (asked.length <= 1 && offered.length === 0) return null;
  return (
    <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="summary">
      {asked.length > 1 &&
        richMessage(_, 'sides.summaryAsk', {}, { titles: <Titles items={asked} /> })}
      {asked.length > 1 && offered.length > 0 && ' '}
      {offered.length > 0 &&
        richMessage(
          _,
          'sides.summaryOffer',
          { count: offered.length },
          { titles: <Titles items={offered} /> },
        )}
    </p>
  );
}
