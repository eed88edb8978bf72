import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing-owner';
import type { Item } from '../../../../shared/items';
import type { Actor } from '../../../../shared/policies/decision';
import {
  canDeleteItem,
  canEditItem,
  FULL_ITEM_EDIT,
  hasOwnerActions,
} from '../../../../shared/policies/items';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useDeleteItem } from '../api/items';

addMessages('listing-owner', englishMessages);

/**
 * The owner's Edit and Delete for a listing (on its page and on their profile's cards), shown to
 * the owner only (`hasOwnerActions`). Each is enabled as the items policy says: while a swap in
 * progress holds the listing both are disabled and the policy's reason is shown under them.
 * Delete asks first; once the listing is gone a toast says so and `onDeleted` runs.
 */
export function ListingOwnerActions({
  item,
  viewer,
  confirmTitle,
  size,
  className,
  onDeleted,
}: {
  item: Pick<Item, 'id' | 'userId' | 'isActive' | 'isReserved'>;
  viewer: Actor | null;
  confirmTitle: string;
  size?: 'sm' | 'md';
  className: string;
  onDeleted?: () => void;
}) {
  const { _ } = useI18n();
  const remove = useDeleteItem();
  const reasonId = useId();
  if (!hasOwnerActions(viewer, item)) return null;
  const edit = canEditItem(viewer, item, FULL_ITEM_EDIT);
  const deletion = canDeleteItem(viewer, item);
  const refusal = !edit.ok ? edit : !deletion.ok ? deletion : null;
  const describedBy = refusal ? reasonId : undefined;

  const onDelete = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(_('listing.deleted'));
      onDeleted?.();
    } catch (error) {
      toast.error(_('listing.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };
  const deleteButton = (
    <Button
      variant="outline"
      size={size}
      className="flex-1 text-danger"
      disabled={!deletion.ok || remove.isPending}
      aria-describedby={deletion.ok ? undefined : describedBy}
    >
      <Trash2 className="size-4" aria-hidden /> {_('listing.delete')}
    </Button>
  );
  return (
    <>
      <div className={className}>
        {edit.ok ? (
          <Button asChild variant="outline" size={size} className="flex-1">
            <Link to={`/edit-listing/${item.id}`}>
              <Pencil className="size-4" aria-hidden /> {_('listing.edit')}
            </Link>
          </Button>
        ) : (
          <Button
            variant="outline"
            size={size}
            className="flex-1"
            disabled
            aria-describedby={describedBy}
          >
            <Pencil className="size-4" aria-hidden /> {_('listing.edit')}
          </Button>
        )}
        {deletion.ok ? (
          <ConfirmDialog
            trigger={deleteButton}
            title={confirmTitle}
            text={_('listing.deleteText')}
            confirmLabel={_('listing.deleteConfirm')}
            onConfirm={onDelete}
          />
        ) : (
          deleteButton
        )}
      </div>
      {refusal && (
        <p id={reasonId} className="text-sm text-muted">
          {refusal.reason}
        </p>
      )}
    </>
  );
}
