import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round } from '../../../../shared/rounds';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useMyTrades, useRoundLoops } from '../api/rounds';
import { optimality } from '../round-result';
import { LoopList } from './loop-list';
import { NotShipped } from './not-shipped';
import { RoundSection } from './round-section';
import { TradeLine } from './trade-line';

addMessages('rounds', englishMessages);

/**
 * A solved round: the solver's figures with the full report, the member's own trades, for the
 * organiser who has not sent yet, and every loop.
 */
export function RoundResults({ round, me }: { round: Round; me: string | undefined }) {
  const trades = useMyTrades(round.id, Boolean(me));
  const loops = useRoundLoops(round.id, true);
  const result = round.result;
  const runs = round.actions.includes('export');
  const { _ } = useI18n();
  return (
    <div className="flex flex-col gap-8">
      {result && (
        <p className="rounded-xl bg-brand-50 p-3 text-brand-900">
          {_('rounds.result', {
            traded: result.itemsTraded,
            items: result.items,
            membersTrading: result.membersTrading,
            members: result.members,
            loops: result.loops,
          })}{' '}
          {optimality(result, _)} {_('rounds.solvedIn', { ms: result.elapsedMs, seed: round.seed })}{' '}
          <a className="font-semibold underline" href={`/api/rounds/${round.id}/report`}>
            {_('rounds.report')}
          </a>
        </p>
      )}
      {me && (
        <RoundSection title={_('rounds.yourTrades')}>
          {trades.data && trades.data.send.length + trades.data.receive.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {[...trades.data.send, ...trades.data.receive].map((trade) => (
                <TradeLine
                  key={`${trade.entryId}-${trade.giver.id === me}`}
                  trade={trade}
                  me={me}
                  round={round}
                />
              ))}
            </ul>
          ) : (
            <p className="text-muted">
              {trades.isPending ? _('rounds.loading') : _('rounds.noTrades')}
            </p>
          )}
        </RoundSection>
      )}
      {runs && round.phase === 'results' && loops.data && (
        <NotShipped legs={loops.data.loops.flatMap((loop) => loop.legs)} />
      )}
      <RoundSection title={_('rounds.allLoops')}>
        {loops.data && loops.data.loops.length > 0 ? (
          <LoopList loops={loops.data.loops} me={me} runs={runs} />
        ) : (
          <p className="text-muted">
            {loops.isPending ? _('rounds.loading') : _('rounds.noLoops')}
          </p>
        )}
      </RoundSection>
    </div>
  );
}
