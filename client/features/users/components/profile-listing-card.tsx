import { Camera } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { isGiveaway, thumbnailOf } from '../../../../shared/item-display';
import type { Item } from '../../../../shared/items';
import type { Actor } from '../../../../shared/policies/decision';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { pictureSrcSet } from '../../../lib/images';
import { useI18n } from '../../../lib/use-i18n';
import { ConditionBadge } from '../../items/components/condition-badge';
import { FreeBadge } from '../../items/components/free-badge';
import { ListingOwnerActions } from '../../items/components/listing-owner-actions';

addMessages('profile', englishMessages);

/** SPEC §6: only the owner sees Edit and Delete (ListingOwnerActions asks the items policy). */
export function ProfileListingCard({ item, viewer }: { item: Item; viewer: Actor | null }) {
  const { _, locale } = useI18n();
  const first = item.images[0];
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <Link to={`/item/${item.id}`} className="block" tabIndex={-1} aria-hidden>
        {first ? (
          <img
            src={thumbnailOf(first)}
            srcSet={pictureSrcSet(first)}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 47vw, 92vw"
            width={400}
            height={300}
            alt=""
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-100">
            <Camera className="size-8 text-stone-400" aria-hidden />
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {isGiveaway(item) && <FreeBadge />}
          <ConditionBadge condition={item.condition} />
          {!item.isActive && <Badge tone="red">{_('profile.unavailable')}</Badge>}
        </div>
        <h3 className="line-clamp-1 font-bold">
          <Link to={`/item/${item.id}`} className="hover:text-brand-800">
            {item.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{item.description}</p>
        <p className="text-xs text-muted">
          {_('profile.listed', { date: formatDate(item.createdAt, locale) })}
        </p>
        <ListingOwnerActions
          item={item}
          viewer={viewer}
          confirmTitle={_('profile.deleteTitle', { title: item.title })}
          size="sm"
          className="mt-auto flex gap-2 pt-2"
        />
      </div>
    </article>
  );
}
