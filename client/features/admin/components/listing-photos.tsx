import { Ban } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { thumbnailOf } from '../../../../shared/item-display';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { blockedImagesApi } from '../api/blocked-images';
import { useModeration } from '../moderation';

addMessages('admin', englishMessages);

/**
 * A listing's photos in a moderation row, each with "Block this photo" (issue 40 §3): once
 * blocked, the same photo uploaded again, even resized or re-compressed, is refused.
 */
export function ListingPhotos({ title, images }: { title: string; images: string[] }) {
  const { _ } = useI18n();
  const block = useModeration(
    blockedImagesApi.block,
    _('admin.photos.blocked'),
    _('admin.photos.blockFailed'),
  );
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-3" aria-label={_('admin.photos.list', { title })}>
      {images.map((url, index) => (
        <li key={url} className="flex w-28 flex-col gap-1">
          <img
            src={thumbnailOf(url)}
            width={112}
            height={112}
            alt={_('admin.photos.alt', { number: index + 1, count: images.length, title })}
            className="aspect-square w-full rounded-lg border border-line object-cover"
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" className="text-danger">
                <Ban className="size-4" aria-hidden />{' '}
                {richMessage(
                  _,
                  'admin.photos.blockButton',
                  {},
                  {
                    which: (
                      <span className="sr-only">
                        {_('admin.photos.which', { number: index + 1, title })}
                      </span>
                    ),
                  },
                )}
              </Button>
            }
            title={_('admin.photos.confirmTitle')}
            text={_('admin.photos.confirmText')}
            confirmLabel={_('admin.photos.confirm')}
            onConfirm={() => void block(url)}
          />
        </li>
      ))}
    </ul>
  );
}
