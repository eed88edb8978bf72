import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { thumbnailOf } from '../../../../shared/item-display';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { blockedImagesApi, useBlockedImages } from '../api/blocked-images';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

/** The photos admins blocked (issue 40 §3), each with the listing it came from and Unblock. */
export function BlockedPhotosTab() {
  const list = useBlockedImages(true);
  const { _, locale } = useI18n();
  const unblock = useModeration(
    blockedImagesApi.unblock,
    _('admin.blocked.unblocked'),
    _('admin.blocked.unblockFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (list.isError)
    return <p role="alert">{_('admin.blocked.loadFailed', { error: list.error.message })}</p>;
  return (
    <>
      <p className="mb-3 text-sm text-muted">{_('admin.blocked.lead')}</p>
      <ul className="flex flex-col gap-3">
        {list.data.map((b, index) => (
          <ModerationRow
            key={b.id}
            actions={
              <Button variant="outline" size="sm" onClick={() => void unblock(b.id)}>
                {richMessage(
                  _,
                  'admin.blocked.unblockButton',
                  {},
                  {
                    which: (
                      <span className="sr-only">
                        {_('admin.blocked.which', { number: index + 1 })}
                      </span>
                    ),
                  },
                )}
              </Button>
            }
          >
            <div className="flex items-start gap-3">
              <img
                src={thumbnailOf(b.imageUrl)}
                width={80}
                height={80}
                alt={
                  b.item
                    ? _('admin.blocked.altFrom', { title: b.item.title })
                    : _('admin.blocked.altNumber', { number: index + 1 })
                }
                className="size-20 shrink-0 rounded-lg border border-line bg-white object-cover"
              />
              <div className="min-w-0">
                <p className="font-semibold">
                  {b.item
                    ? richMessage(
                        _,
                        'admin.blocked.from',
                        {},
                        {
                          listing: (
                            <Link to={`/item/${b.item.id}`} className="break-words hover:underline">
                              {b.item.title}
                            </Link>
                          ),
                        },
                      )
                    : _('admin.blocked.fromRemoved')}
                </p>
                <p className="text-sm text-muted">
                  {_('admin.blocked.on', { date: formatDate(b.createdAt, locale) })}
                </p>
              </div>
            </div>
          </ModerationRow>
        ))}
      </ul>
      {list.data.length === 0 && <p className="text-muted">{_('admin.blocked.none')}</p>}
    </>
  );
}
