import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../../../shared/items';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { EditItemDialog } from './edit-item-dialog';
import { ListingPhotos } from './listing-photos';
import { ModerationRow } from './moderation-row';

export function ItemsTab() {
  const list = useAdminList<Item>('items', true);
  const remove = useModeration(
    adminApi.deleteItem,
    'Item deleted successfully',
    'Failed to delete item',
  );
  const [editing, setEditing] = useState<Item>();
  if (list.isPending) return <LoadingScreen />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((item) => (
          <ModerationRow
            key={item.id}
            actions={
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(item)}>
                  <Pencil className="size-4" aria-hidden /> Edit
                </Button>
                <DeleteButton what="item" onConfirm={() => void remove(item.id)} />
              </>
            }
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <Link to={`/item/${item.id}`} className="hover:underline">
                {item.title}
              </Link>
              {!item.isActive && <Badge tone="red">Inactive</Badge>}
            </p>
            <p className="line-clamp-1 text-sm text-muted">
              by {displayName(item.user)} · {formatDate(item.createdAt)} · {item.description}
            </p>
            <ListingPhotos title={item.title} images={item.images} />
          </ModerationRow>
        ))}
      </ul>
      {editing && <EditItemDialog item={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
