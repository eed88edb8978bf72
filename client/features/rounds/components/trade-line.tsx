import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round, RoundTrade } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { useMarkTrade } from '../api/rounds';
import { MutationError } from './mutation-error';

addMessages('rounds', englishMessages);

/**
 * One of the member's trades in a solved round: what they send or receive, whether it was sent
 * and received, and (while shipping) the button that marks their side of it.
 */
export function TradeLine({ trade, me, round }: { trade: RoundTrade; me: string; round: Round }) {
  const mark = useMarkTrade(round.id);
  const sending = trade.giver.id === me;
  const shipping = round.phase === 'results';
  const { _ } = useI18n();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3">
      <p>
        {richMessage(
          _,
          sending ? 'rounds.send' : 'rounds.receive',
          {},
          {
            title: <strong>{trade.item.title}</strong>,
            name: <strong>{displayName(sending ? trade.receiver : trade.giver)}</strong>,
          },
        )}{' '}
        <span className="text-sm text-muted">{_('rounds.inLoop', { number: trade.loop })}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={trade.sentAt ? 'green' : 'amber'}>
          {trade.sentAt ? _('rounds.sent') : _('rounds.notSentYet')}
        </Badge>
        <Badge tone={trade.receivedAt ? 'green' : 'neutral'}>
          {trade.receivedAt ? _('rounds.received') : _('rounds.notReceivedYet')}
        </Badge>
        {shipping && sending && !trade.sentAt && (
          <Button
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ entryId: trade.entryId, mark: 'sent' })}
          >
            {_('rounds.markSent', { title: trade.item.title })}
          </Button>
        )}
        {shipping && !sending && !trade.receivedAt && (
          <Button
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ entryId: trade.entryId, mark: 'received' })}
          >
            {_('rounds.markReceived', { title: trade.item.title })}
          </Button>
        )}
      </div>
      <MutationError error={mark.error} />
    </li>
  );
}
