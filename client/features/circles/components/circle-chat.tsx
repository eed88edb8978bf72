import { useCallback, useEffect } from 'react';
import type { Circle } from '../../../../shared/circles';
import { CHAT_HISTORY, ChatComposer, ChatLog } from '../../../components/chat/chat';
import { useHistoryPages } from '../../../lib/use-history-pages';
import {
  fetchCircleMessages,
  useCircleMessages,
  useMarkCircleRead,
  useSendCircleMessage,
} from '../api/circles';

/** The circle's group chat; showing it marks it read. */
export function CircleChat({ circle, me }: { circle: Circle; me: string }) {
  const latest = useCircleMessages(circle.id, true);
  const fetchBefore = useCallback(
    (before: number) => fetchCircleMessages(circle.id, before),
    [circle.id],
  );
  const history = useHistoryPages(latest.data, fetchBefore, CHAT_HISTORY);
  const send = useSendCircleMessage(circle.id);
  const { mutate: markRead } = useMarkCircleRead(circle.id);
  const newest = latest.data?.at(-1)?.id;
  const unread = circle.unreadCount;

  useEffect(() => {
    if (newest !== undefined && unread > 0) markRead();
  }, [newest, unread, markRead]);

  return (
    <div className="flex flex-col">
      <ChatLog className="max-h-96 min-h-40" loading={latest.isPending} history={history} me={me} />
      <ChatComposer send={send.mutateAsync} pending={send.isPending} />
    </div>
  );
}
