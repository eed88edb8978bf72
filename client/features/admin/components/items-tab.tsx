import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import type { Item } from '../../../../shared/items';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { EditItemDialog } from './edit-item-dialog';
import { ListingPhotos } from './listing-photos';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

export function ItemsTab() {
  const list = useAdminList<Item>('items', true);
  const { _, locale } = useI18n();
  const remove = useModeration(adminApi.deleteItem, _('admin.itemDeleted'), _('admin.itemFailed'));
  const [editing, setEditing] = useState<Item>();
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((item) => (
          <ModerationRow
            key={item.id}
            actions={
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(item)}>
                  <Pencil className="size-4" aria-hidden /> {_('admin.edit')}
                </Button>
                <DeleteButton what="item" onConfirm={() => void remove(item.id)} />
              </>
            }
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <Link to={`/item/${item.id}`} className="hover:underline">
                {item.title}
              </Link>
              {!item.isActive && <Badge tone="red">{_('admin.inactive')}</Badge>}
            </p>
            <p className="line-clamp-1 text-sm text-muted">
              {_('admin.itemLine', {
                name: displayName(item.user),
                date: formatDate(item.createdAt, locale),
                description: item.description,
              })}
            </p>
            <ListingPhotos title={item.title} images={item.images} />
          </ModerationRow>
        ))}
      </ul>
      {editing && <EditItemDialog item={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
