import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { displayName, formatDate } from '../../../lib/format';
import { adminApi, useAdminMessages } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ModerationRow } from './moderation-row';

export function MessagesTab() {
  const pages = useAdminMessages(true);
  const remove = useModeration(
    adminApi.deleteMessage,
    'Message deleted',
    'Failed to delete message',
  );
  if (pages.isPending) return <LoadingScreen />;
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
              <span className="font-semibold text-ink">{displayName(m.fromUser)}</span> · offer #
              {m.swapRequestId} · {formatDate(m.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{m.content}</p>
          </ModerationRow>
        ))}
      </ul>
      {messages.length === 0 && <p className="text-muted">No messages yet.</p>}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className="self-center"
        >
          Load more
        </Button>
      )}
    </div>
  );
}
