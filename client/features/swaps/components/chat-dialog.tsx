import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGE_MAX_LENGTH, otherParty, type SwapRequest } from '../../../../shared/swaps';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { useMarkMessagesRead, useMessages, useSendMessage } from '../api/swap-requests';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

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
  const messages = useMessages(request.id, open);
  const send = useSendMessage(request.id);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const other = otherParty(request, userId);
  const count = messages.data?.length ?? 0;
  const { mutate: markShownRead } = useMarkMessagesRead(request.id);
  const markedUpTo = useRef<number>(undefined);
  // The newest unread message from the other party on screen: marking happens once per new one.
  const newestUnread = messages.data
    ?.filter((message) => message.fromUserId !== userId && !message.isRead)
    .at(-1)?.id;

  useEffect(() => {
    if (count) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  useEffect(() => {
    if (!open || newestUnread === undefined || markedUpTo.current === newestUnread) return;
    markedUpTo.current = newestUnread;
    markShownRead();
  }, [open, newestUnread, markShownRead]);

  const submit = async () => {
    const content = draft.trim();
    if (!content) return;
    try {
      await send.mutateAsync(content);
      setDraft('');
      toast.success('Message sent');
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    }
  };

  // SPEC §5: Enter sends, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Chat with ${displayName(other)}`}
      description={request.item ? `About “${request.item.title}”` : undefined}
      className="h-[80vh] max-w-xl"
    >
      <div
        className="min-h-0 flex-1 overflow-y-auto rounded-xl bg-stone-50 p-3"
        role="log"
        aria-live="polite"
        aria-label="Messages"
      >
        <div className="mb-3 rounded-xl border border-line bg-white p-3 text-sm">
          <p className="font-semibold">{displayName(request.fromUser)} made an offer:</p>
          <p className="mt-1 whitespace-pre-line">{request.message}</p>
        </div>
        {messages.isPending ? (
          <p className="text-center text-sm text-muted">Loading...</p>
        ) : count === 0 ? (
          <p className="text-center text-sm text-muted">No messages yet. Say hello!</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {messages.data?.map((message) => {
              const mine = message.fromUserId === userId;
              return (
                <li
                  key={message.id}
                  className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
                >
                  <div
                    className={cn(
                      'max-w-[85%] rounded-2xl px-3 py-2',
                      mine ? 'bg-brand-700 text-white' : 'border border-line bg-white',
                    )}
                  >
                    <p className="whitespace-pre-line break-words">{message.content}</p>
                  </div>
                  <p className="mt-0.5 text-xs text-muted">
                    {mine ? 'You' : displayName(message.fromUser)} ·{' '}
                    {timeFormat.format(new Date(message.createdAt))}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <div ref={endRef} />
      </div>
      <form
        className="mt-3 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message (Enter to send, Shift+Enter for a new line)"
          className="block min-h-11 flex-1 resize-none rounded-xl border border-line bg-white px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <Button type="submit" disabled={!draft.trim() || send.isPending}>
          Send
        </Button>
      </form>
    </Modal>
  );
}
