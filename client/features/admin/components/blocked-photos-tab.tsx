import { Link } from 'react-router';
import { thumbnailOf } from '../../../../shared/item-display';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatDate } from '../../../lib/format';
import { blockedImagesApi, useBlockedImages } from '../api/blocked-images';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

/** The photos admins blocked (issue 40 §3), each with the listing it came from and Unblock. */
export function BlockedPhotosTab() {
  const list = useBlockedImages(true);
  const unblock = useModeration(
    blockedImagesApi.unblock,
    'Photo unblocked',
    'Failed to unblock the photo',
  );
  if (list.isPending) return <LoadingScreen />;
  if (list.isError)
    return <p role="alert">Could not load the blocked photos: {list.error.message}</p>;
  return (
    <>
      <p className="mb-3 text-sm text-muted">
        Members cannot upload these photos, nor resized or re-compressed copies of them. Block a
        photo from the listing it is on, under All Items or Reports.
      </p>
      <ul className="flex flex-col gap-3">
        {list.data.map((b, index) => (
          <ModerationRow
            key={b.id}
            actions={
              <Button variant="outline" size="sm" onClick={() => void unblock(b.id)}>
                Unblock<span className="sr-only"> blocked photo {index + 1}</span>
              </Button>
            }
          >
            <div className="flex items-start gap-3">
              <img
                src={thumbnailOf(b.imageUrl)}
                width={80}
                height={80}
                alt={b.item ? `Blocked, from “${b.item.title}”` : `Blocked, number ${index + 1}`}
                className="size-20 shrink-0 rounded-lg border border-line bg-white object-cover"
              />
              <div className="min-w-0">
                <p className="font-semibold">
                  {b.item ? (
                    <>
                      From{' '}
                      <Link to={`/item/${b.item.id}`} className="break-words hover:underline">
                        {b.item.title}
                      </Link>
                    </>
                  ) : (
                    'From a listing since removed'
                  )}
                </p>
                <p className="text-sm text-muted">Blocked on {formatDate(b.createdAt)}</p>
              </div>
            </div>
          </ModerationRow>
        ))}
      </ul>
      {list.data.length === 0 && <p className="text-muted">No blocked photos.</p>}
    </>
  );
}
