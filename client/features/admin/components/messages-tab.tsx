import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useAdminMessages } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

export function MessagesTab() {
  const pages = useAdminMessages(true);
  const { _, locale } = useI18n();
  const remove = useModeration(
    adminApi.deleteMessage,
    _('admin.messageDeleted'),
    _('admin.messageFailed'),
  );
  if (pages.isPending) return <LoadingScreen label={_('header.loading')} />;
  const messages = pages.data?.pages.flat() ?? [];
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {messages.map((m) => (
          <ModerationRow
            key={m.id}
            actions={<DeleteButton what="message" onConfirm={() => void remove(m.id)} />}
          >
            <p className="text-sm text-muted">
              {richMessage(
                _,
                'admin.messageLine',
                { offer: m.swapRequestId, date: formatDate(m.createdAt, locale) },
                { name: <span className="font-semibold text-ink">{displayName(m.fromUser)}</span> },
              )}
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{m.content}</p>
          </ModerationRow>
        ))}
      </ul>
      {messages.length === 0 && <p className="text-muted">{_('admin.noMessages')}</p>}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className="self-center"
        >
          {_('admin.loadMore')}
        </Button>
      )}
    </div>
  );
}
