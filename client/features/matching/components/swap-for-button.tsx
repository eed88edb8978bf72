import { Repeat } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.swap-for';
import { isGiveaway, thumbnailOf } from '../../../../shared/item-display';
import type { Item } from '../../../../shared/items';
import { canSwapFor } from '../../../../shared/policies/matching';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';
import { useItemList } from '../../items/api/items';
import { useSetWantedBy, useWantedBy } from '../api/matching';
import { Thumbnail } from './listing-summary';

addMessages('swap-for', englishMessages);

/**
 * "I'd swap for this": on another member's listing, choose which of your listings you would
 * give for it. Each chosen listing gets it at the end of its wants, in one step.
 */
export function SwapForButton({ item }: { item: Item }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { _ } = useI18n();
  if (!canSwapFor(user ?? null, item).ok || !user) return null;
  return (
    <>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
        <Repeat className="size-5" aria-hidden /> {_('swapFor.button')}
      </Button>
      {open && <SwapForDialog item={item} userId={user.id} onClose={() => setOpen(false)} />}
    </>
  );
}

function SwapForDialog({
  item,
  userId,
  onClose,
}: {
  item: Item;
  userId: string;
  onClose: () => void;
}) {
  const mine = useItemList({ userId }, 100);
  const current = useWantedBy(item.id, true);
  const save = useSetWantedBy(item.id);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const legend = useId();
  const { _ } = useI18n();
  useEffect(() => {
    if (current.data && chosen === null) setChosen(new Set(current.data.itemIds));
  }, [current.data, chosen]);
  // A give-away of the member's is given for nothing: it is not theirs to give in exchange.
  const listings = (mine.data ?? []).filter((listing) => listing.isActive && !isGiveaway(listing));

  const toggle = (id: number) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onSave = async () => {
    try {
      await save.mutateAsync([...(chosen ?? [])]);
      toast.success(_('swapFor.saved'), {
        description: _('swapFor.on', { title: item.title, count: chosen?.size ?? 0 }),
      });
      onClose();
    } catch (error) {
      toast.error(_('swapFor.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={_('swapFor.button')}
      description={_('swapFor.which', { title: item.title })}
      className="overflow-y-auto"
    >
      {mine.isPending || current.isPending ? (
        <p className="text-muted">{_('swapFor.loading')}</p>
      ) : listings.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted">{_('swapFor.listFirst')}</p>
          <Button asChild>
            <Link to="/create-listing">{_('nav.listItem')}</Link>
          </Button>
        </div>
      ) : (
        <fieldset aria-labelledby={legend} className="flex flex-col gap-2">
          <legend id={legend} className="sr-only">
            {_('swapFor.yours')}
          </legend>
          {listings.map((listing) => (
            <label
              key={listing.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-line p-2 hover:bg-brand-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                checked={chosen?.has(listing.id) ?? false}
                onChange={() => toggle(listing.id)}
                className="size-5 accent-brand-700"
              />
              <Thumbnail
                src={listing.images[0] ? thumbnailOf(listing.images[0]) : null}
                className="size-10"
              />
              <span className="min-w-0 flex-1 truncate font-medium">{listing.title}</span>
            </label>
          ))}
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {_('swapFor.cancel')}
            </Button>
            <Button onClick={() => void onSave()} disabled={save.isPending || chosen === null}>
              {save.isPending ? _('swapFor.saving') : _('swapFor.save')}
            </Button>
          </div>
        </fieldset>
      )}
    </Modal>
  );
}
