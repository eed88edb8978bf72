import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
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
import { toast } from '../../../lib/toast';
import { useDeleteItem } from '../api/items';

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
      toast.success('Item deleted successfully');
      onDeleted?.();
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
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
      <Trash2 className="size-4" aria-hidden /> Delete
    </Button>
  );
  return (
    <>
      <div className={className}>
        {edit.ok ? (
          <Button asChild variant="outline" size={size} className="flex-1">
            <Link to={`/edit-listing/${item.id}`}>
              <Pencil className="size-4" aria-hidden /> Edit
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
            <Pencil className="size-4" aria-hidden /> Edit
          </Button>
        )}
        {deletion.ok ? (
          <ConfirmDialog
            trigger={deleteButton}
            title={confirmTitle}
            text="It disappears from the marketplace, with its photos. Offers made on it are removed too."
            confirmLabel="Delete listing"
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
