import { Ban } from 'lucide-react';
import { thumbnailOf } from '../../../../shared/item-display';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { blockedImagesApi } from '../api/blocked-images';
import { useModeration } from '../moderation';

/**
 * A listing's photos in a moderation row, each with "Block this photo" (issue 40 §3): once
 * blocked, the same photo uploaded again, even resized or re-compressed, is refused.
 */
export function ListingPhotos({ title, images }: { title: string; images: string[] }) {
  const block = useModeration(
    blockedImagesApi.block,
    'Photo blocked: it cannot be uploaded again',
    'Failed to block the photo',
  );
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Photos of “${title}”`}>
      {images.map((url, index) => (
        <li key={url} className="flex w-28 flex-col gap-1">
          <img
            src={thumbnailOf(url)}
            width={112}
            height={112}
            alt={`${index + 1} of ${images.length}, “${title}”`}
            className="aspect-square w-full rounded-lg border border-line object-cover"
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" className="text-danger">
                <Ban className="size-4" aria-hidden /> Block
                <span className="sr-only">
                  {' '}
                  this photo (photo {index + 1} of “{title}”)
                </span>
              </Button>
            }
            title="Block this photo?"
            text="Members will not be able to upload it again, even resized or re-compressed. The listing itself stays; remove it separately if it is a scam."
            confirmLabel="Block photo"
            onConfirm={() => void block(url)}
          />
        </li>
      ))}
    </ul>
  );
}
