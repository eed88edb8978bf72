import { useCallback, useEffect, useRef } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.chat';
import { otherParty } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { CHAT_HISTORY, ChatComposer, ChatLog } from '../../../components/chat/chat';
import { Modal } from '../../../components/ui/modal';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useHistoryPages } from '../../../lib/use-history-pages';
import { useI18n } from '../../../lib/use-i18n';
import {
  fetchMessages,
  useMarkMessagesRead,
  useMessages,
  useSendMessage,
} from '../api/swap-requests';
import { offerKind } from '../offer-words';
import { MeetingPlaceSuggestions } from './meeting-places';

addMessages('chat', englishMessages);

export function ChatDialog({
  request,
  userId,
  open,
  onOpenChange,
}: {
  request: SwapRequest;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const latest = useMessages(request.id, open);
  const { _ } = useI18n();
  const fetchBefore = useCallback(
    (before: number) => fetchMessages(request.id, before),
    [request.id],
  );
  const history = useHistoryPages(latest.data, fetchBefore, CHAT_HISTORY);
  const send = useSendMessage(request.id);
  const other = otherParty(request, userId);
  const { mutate: markShownRead } = useMarkMessagesRead(request.id);
  const markedUpTo = useRef<number>(undefined);
  // The newest unread message from the other party on screen: marking happens once per new one.
  const newestUnread = latest.data
    ?.filter((message) => message.fromUserId !== userId && !message.isRead)
    .at(-1)?.id;

  useEffect(() => {
    if (!open || newestUnread === undefined || markedUpTo.current === newestUnread) return;
    markedUpTo.current = newestUnread;
    markShownRead();
  }, [open, newestUnread, markShownRead]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      // A member of another community is nickname@host: one long word, broken anywhere at 375 px.
      title={
        <span className="[overflow-wrap:anywhere]">
          {_('chat.title', { name: displayName(other) })}
        </span>
      }
      description={request.item ? _('chat.about', { title: request.item.title }) : undefined}
      className="h-[80vh] max-w-xl"
    >
      <ChatLog
        className="flex-1"
        loading={latest.isPending}
        history={history}
        me={userId}
        intro={
          <>
            <div className="mb-3 rounded-xl border border-line bg-white p-3 text-sm">
              <p className="font-semibold [overflow-wrap:anywhere]">
                {_('chat.made', { kind: offerKind(request), name: displayName(request.fromUser) })}
              </p>
              <p className="mt-1 whitespace-pre-line">{request.message}</p>
            </div>
            <MeetingPlaceSuggestions swapRequestId={request.id} open={open} />
          </>
        }
      />
      <ChatComposer send={send.mutateAsync} pending={send.isPending} />
    </Modal>
  );
}
