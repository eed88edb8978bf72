import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { useDeleteItem } from '../api/items';

/**
 * The owner's Edit and Delete for a listing (on its page and on their profile's cards). Delete
 * asks first; once the listing is gone a toast says so and `onDeleted` runs.
 */
export function ListingOwnerActions({
  itemId,
  confirmTitle,
  size,
  className,
  onDeleted,
}: {
  itemId: number;
  confirmTitle: string;
  size?: 'sm' | 'md';
  className: string;
  onDeleted?: () => void;
}) {
  const remove = useDeleteItem();
  const onDelete = async () => {
    try {
      await remove.mutateAsync(itemId);
      toast.success('Item deleted successfully');
      onDeleted?.();
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    }
  };
  return (
    <div className={className}>
      <Button asChild variant="outline" size={size} className="flex-1">
        <Link to={`/edit-listing/${itemId}`}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Link>
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            size={size}
            className="flex-1 text-danger"
            disabled={remove.isPending}
          >
            <Trash2 className="size-4" aria-hidden /> Delete
          </Button>
        }
        title={confirmTitle}
        text="It disappears from the marketplace, with its photos. Offers made on it are removed too."
        confirmLabel="Delete listing"
        onConfirm={onDelete}
      />
    </div>
  );
}
