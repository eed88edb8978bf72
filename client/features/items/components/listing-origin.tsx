import { Globe, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing';
import type { Item } from '../../../../shared/items';
import type { Actor, Decision, Refusal } from '../../../../shared/policies/decision';
import { canOfferOn, type ItemFacts, REMOTE_LISTING } from '../../../../shared/policies/items';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';

addMessages('listing', englishMessages);

type Origin = NonNullable<Item['origin']>;

/** What the listing policies need to know about a listing shown here, remote or not. */
export const listingFacts = (item: Item): ItemFacts => ({
  userId: item.userId,
  isActive: item.isActive,
  isReserved: item.isReserved,
  remote: item.origin !== null,
  offersTravel: item.origin?.offersTravel ?? false,
});

// Someone signed in who does not own the listing: no local member owns a remote one.
const ANY_MEMBER: Actor = { id: '', isAdmin: false };

/**
 * Whether the viewer may make an offer on `item` (`canOfferOn`). On another community's listing
 * signing in would not help, so a visitor is told what every member is told.
 */
export function offerDecision(actor: Actor | null, item: Item): Decision {
  const facts = listingFacts(item);
  const decision = canOfferOn(actor, facts);
  if (decision.ok || decision.status !== 401 || !facts.remote) return decision;
  return canOfferOn(ANY_MEMBER, facts);
}

/** The refusal, if that is it, that a listing lives in another community (no offer from here yet). */
export const remoteRefusal = (decision: Decision): Refusal | undefined =>
  !decision.ok && decision.reason === REMOTE_LISTING ? decision : undefined;

/**
 * An address another instance sent, as a link target: http(s) only, so that nothing it wrote
 * runs here (a `javascript:` address, say).
 */
export function externalHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A link out of this site, to another community: a new tab, no referrer, no endorsement. */
export function ExternalLinkTo({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const { _ } = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      {children}
      <span className="sr-only"> {_('listing.newTab')}</span>
    </a>
  );
}

/**
 * The owner's name: on another community's listing (their nickname already reads `name@host`), a
 * link to their profile at home, where the local profile page has nothing of theirs.
 */
export function OwnerName({ item, className }: { item: Item; className?: string }) {
  const name = displayName(item.user);
  const href = externalHref(item.origin?.ownerUrl);
  if (!href) return <span className={className}>{name}</span>;
  return (
    <ExternalLinkTo href={href} className={cn('underline-offset-2 hover:underline', className)}>
      {name}
    </ExternalLinkTo>
  );
}

/** "From <community>": where another community's listing comes from, linked to it there. */
export function ListingOrigin({ origin, className }: { origin: Origin; className?: string }) {
  const { _ } = useI18n();
  const where = origin.instanceName || origin.host;
  const href = externalHref(origin.url);
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5 text-sm text-muted', className)}>
      <Globe className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 truncate">
        {richText((marks) => _('listing.from', marks), {
          where: href ? (
            <ExternalLinkTo
              href={href}
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {where}
            </ExternalLinkTo>
          ) : (
            <span className="font-medium text-ink">{where}</span>
          ),
        })}
      </span>
    </p>
  );
}

/** In place of the offer button on another community's listing: why there is none. */
export function RemoteListingNote({ reason, compact }: { reason: string; compact?: boolean }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-line bg-stone-50 px-3 py-2 text-stone-800',
        compact ? 'text-xs' : 'text-sm',
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{reason}</span>
    </p>
  );
}
