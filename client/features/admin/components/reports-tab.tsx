import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useReports } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ListingPhotos } from './listing-photos';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

export function ReportsTab() {
  const list = useReports(true);
  const { _, locale } = useI18n();
  const resolve = useModeration(
    adminApi.resolveReport,
    _('admin.reports.updated'),
    _('admin.reports.updateFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
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
                  {_('admin.dismiss')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void resolve({ id: r.id, status: 'resolved', removeItem: false })}
                >
                  {_('admin.resolve')}
                </Button>
                <DeleteButton
                  label={_('admin.reports.removeItem')}
                  what="item"
                  onConfirm={() => void resolve({ id: r.id, status: 'resolved', removeItem: true })}
                />
              </>
            ) : (
              <Badge tone={r.status === 'resolved' ? 'green' : 'neutral'}>
                {_('admin.reports.status', { status: r.status })}
              </Badge>
            )
          }
        >
          <p className="font-semibold">
            {richMessage(
              _,
              'admin.reports.line',
              { reason: r.reason },
              {
                title: (
                  <Link to={`/item/${r.item.id}`} className="hover:underline">
                    {r.item.title}
                  </Link>
                ),
              },
            )}
          </p>
          <p className="text-sm text-muted">
            {r.reporter
              ? _('admin.reports.reportedBy', {
                  name: displayName(r.reporter),
                  date: formatDate(r.createdAt, locale),
                })
              : _('admin.reports.flagged', { date: formatDate(r.createdAt, locale) })}
          </p>
          {r.description && <p className="mt-1">{r.description}</p>}
          <ListingPhotos title={r.item.title} images={r.item.images} />
        </ModerationRow>
      ))}
      {list.data?.length === 0 && <p className="text-muted">{_('admin.reports.none')}</p>}
    </ul>
  );
}
