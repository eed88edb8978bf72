import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.chat';
import { htmlLangOf, type Locale } from '../../../shared/i18n/locales';
import { CHAT_PAGE_SIZE } from '../../../shared/limits';
import { MESSAGE_MAX_LENGTH } from '../../../shared/swap-display';
import { cn } from '../../lib/cn';
import { displayName } from '../../lib/format';
import { addMessages, currentTranslator } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useI18n } from '../../lib/use-i18n';
import { Button } from '../ui/button';
import { LoadMoreButton } from '../ui/load-more-button';

addMessages('chat', englishMessages);

/**
 * When a message was sent, in the page's language ("5 Nov, 14:03", "5 de nov., 14:03"): English
 * is en-GB as before; a formatter per language, made when a chat first shows one.
 */
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();
const timeOf = (iso: string, locale: Locale) => {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(htmlLangOf(locale), {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    timeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
};

/** Chats load their latest page and older pages above it on request (useHistoryPages). */
export const CHAT_HISTORY = { pageSize: CHAT_PAGE_SIZE, olderAt: 'start' } as const;

/** A message as an offer's chat and a circle's chat both send it. */
export type ChatMessage = {
  id: number;
  fromUserId: string;
  fromUser: Parameters<typeof displayName>[0];
  content: string;
  createdAt: string;
};

/**
 * A conversation's messages as bubbles, newest at the bottom, kept in view as they arrive; the
 * member's own on the right, signed 'You'. Earlier messages load above on request without moving
 * the view to the bottom.
 */
export function ChatLog({
  history,
  me,
  loading,
  intro,
  className,
}: {
  /** The messages, oldest first, and how to fetch older ones (useHistoryPages with CHAT_HISTORY). */
  history: {
    rows: readonly ChatMessage[] | undefined;
    hasMore: boolean;
    showMore: () => void;
    pending: boolean;
  };
  /** The signed-in member's id. */
  me: string;
  loading: boolean;
  /** Shown above the messages (what the conversation is about). */
  intro?: ReactNode;
  className?: string;
}) {
  const entries = history.rows?.map((message) => ({
    id: message.id,
    mine: message.fromUserId === me,
    author: displayName(message.fromUser),
    content: message.content,
    createdAt: message.createdAt,
  }));
  const earlier = history.hasMore
    ? { show: history.showMore, pending: history.pending }
    : undefined;
  const endRef = useRef<HTMLDivElement>(null);
  const { _, locale } = useI18n();
  const count = entries?.length ?? 0;
  const newest = entries?.at(-1)?.id;
  useEffect(() => {
    if (newest !== undefined) endRef.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  return (
    <div
      className={cn('min-h-0 overflow-y-auto rounded-xl bg-stone-50 p-3', className)}
      role="log"
      aria-live="polite"
      aria-label={_('chat.messages')}
      // A long chat scrolls: keyboard users reach and scroll it like any other scrolling region.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {intro}
      {loading ? (
        <p className="text-center text-sm text-muted">{_('chat.loading')}</p>
      ) : count === 0 ? (
        <p className="text-center text-sm text-muted">{_('chat.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {earlier ? (
            <li className="flex justify-center">
              <LoadMoreButton
                label={_('chat.earlier')}
                loadingLabel={_('chat.loading')}
                more={earlier}
              />
            </li>
          ) : null}
          {entries?.map((entry) => (
            <li
              key={entry.id}
              className={cn('flex flex-col', entry.mine ? 'items-end' : 'items-start')}
            >
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-3 py-2',
                  entry.mine ? 'bg-brand-700 text-white' : 'border border-line bg-white',
                )}
              >
                <p className="whitespace-pre-line break-words">{entry.content}</p>
              </div>
              <p className="mt-0.5 text-xs text-muted">
                {_('chat.byline', {
                  mine: String(entry.mine),
                  name: entry.author,
                  time: timeOf(entry.createdAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <div ref={endRef} />
    </div>
  );
}

/** The message box: Enter sends, Shift+Enter starts a new line (SPEC §5). */
export function ChatComposer({
  send,
  pending,
}: {
  send: (content: string) => Promise<unknown>;
  pending: boolean;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();
  const { _ } = useI18n();

  const submit = async () => {
    const content = draft.trim();
    if (!content) return;
    try {
      await send(content);
      setDraft('');
      // The toasts outlive the render: the language in use when they are shown.
      toast.success(currentTranslator()._('chat.sent'));
    } catch (error) {
      toast.error(currentTranslator()._('chat.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-x-2 gap-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {_('chat.label')}
      </label>
      <textarea
        id={inputId}
        rows={2}
        value={draft}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={_('chat.placeholder')}
        aria-describedby={hintId}
        className="block min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-line bg-white px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <Button type="submit" disabled={!draft.trim() || pending}>
        {_('chat.send')}
      </Button>
      {/* Keyboards of phones send with their own button: the hint is for a physical keyboard. */}
      <p id={hintId} className="hidden w-full text-xs text-muted sm:block">
        {_('chat.hint')}
      </p>
    </form>
  );
}
