import type { Round, RoundTrade } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { displayName } from '../../../lib/format';
import { useMarkTrade } from '../api/rounds';
import { MutationError } from './mutation-error';

/**
 * One of the member's trades in a solved round: what they send or receive, whether it was sent
 * and received, and (while shipping) the button that marks their side of it.
 */
export function TradeLine({ trade, me, round }: { trade: RoundTrade; me: string; round: Round }) {
  const mark = useMarkTrade(round.id);
  const sending = trade.giver.id === me;
  const shipping = round.phase === 'results';
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3">
      <p>
        {sending ? (
          <>
            You send <strong>{trade.item.title}</strong> to{' '}
            <strong>{displayName(trade.receiver)}</strong>
          </>
        ) : (
          <>
            You receive <strong>{trade.item.title}</strong> from{' '}
            <strong>{displayName(trade.giver)}</strong>
          </>
        )}{' '}
        <span className="text-sm text-muted">(loop {trade.loop})</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={trade.sentAt ? 'green' : 'amber'}>
          {trade.sentAt ? 'Sent' : 'Not sent yet'}
        </Badge>
        <Badge tone={trade.receivedAt ? 'green' : 'neutral'}>
          {trade.receivedAt ? 'Received' : 'Not received yet'}
        </Badge>
        {shipping && sending && !trade.sentAt && (
          <Button
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ entryId: trade.entryId, mark: 'sent' })}
          >
            Mark “{trade.item.title}” sent
          </Button>
        )}
        {shipping && !sending && !trade.receivedAt && (
          <Button
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ entryId: trade.entryId, mark: 'received' })}
          >
            Mark “{trade.item.title}” received
          </Button>
        )}
      </div>
      <MutationError error={mark.error} />
    </li>
  );
}
