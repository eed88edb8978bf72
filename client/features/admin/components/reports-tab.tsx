import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { adminApi, useReports } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ListingPhotos } from './listing-photos';
import { ModerationRow } from './moderation-row';

export function ReportsTab() {
  const list = useReports(true);
  const resolve = useModeration(
    adminApi.resolveReport,
    'Report updated',
    'Failed to update report',
  );
  if (list.isPending) return <LoadingScreen />;
  return (
    <ul className="flex flex-col gap-3">
      {(list.data ?? []).map((r) => (
        <ModerationRow
          key={r.id}
          actions={
            r.status === 'pending' ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void resolve({ id: r.id, status: 'dismissed', removeItem: false })}
                >
                  Dismiss
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void resolve({ id: r.id, status: 'resolved', removeItem: false })}
                >
                  Resolve
                </Button>
                <DeleteButton
                  label="Remove item"
                  what="item"
                  onConfirm={() => void resolve({ id: r.id, status: 'resolved', removeItem: true })}
                />
              </>
            ) : (
              <Badge tone={r.status === 'resolved' ? 'green' : 'neutral'}>{r.status}</Badge>
            )
          }
        >
          <p className="font-semibold">
            <Link to={`/item/${r.item.id}`} className="hover:underline">
              {r.item.title}
            </Link>{' '}
            — {r.reason}
          </p>
          <p className="text-sm text-muted">
            {r.reporter ? `Reported by ${displayName(r.reporter)}` : 'Flagged by the site'} on{' '}
            {formatDate(r.createdAt)}
          </p>
          {r.description && <p className="mt-1">{r.description}</p>}
          <ListingPhotos title={r.item.title} images={r.item.images} />
        </ModerationRow>
      ))}
      {list.data?.length === 0 && <p className="text-muted">No reports. All quiet.</p>}
    </ul>
  );
}
