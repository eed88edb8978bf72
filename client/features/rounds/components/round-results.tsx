import type { Round } from '../../../../shared/rounds';
import { useMyTrades, useRoundLoops } from '../api/rounds';
import { optimality } from '../round-result';
import { LoopList } from './loop-list';
import { NotShipped } from './not-shipped';
import { RoundSection } from './round-section';
import { TradeLine } from './trade-line';

/**
 * A solved round: the solver's figures with the full report, the member's own trades, for the
 * organiser who has not sent yet, and every loop.
 */
export function RoundResults({ round, me }: { round: Round; me: string | undefined }) {
  const trades = useMyTrades(round.id, Boolean(me));
  const loops = useRoundLoops(round.id, true);
  const result = round.result;
  const runs = round.actions.includes('export');
  return (
    <div className="flex flex-col gap-8">
      {result && (
        <p className="rounded-xl bg-brand-50 p-3 text-brand-900">
          {result.itemsTraded} of {result.items} listings trade, among {result.membersTrading} of{' '}
          {result.members} members, in {result.loops} {result.loops === 1 ? 'loop' : 'loops'}.{' '}
          {optimality(result)} Solved in {result.elapsedMs} ms (seed {round.seed}).{' '}
          <a className="font-semibold underline" href={`/api/rounds/${round.id}/report`}>
            Full report
          </a>
        </p>
      )}
      {me && (
        <RoundSection title="Your trades">
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
              {trades.isPending ? 'Loading…' : 'None of your entries trades in this round.'}
            </p>
          )}
        </RoundSection>
      )}
      {runs && round.phase === 'results' && loops.data && (
        <NotShipped legs={loops.data.loops.flatMap((loop) => loop.legs)} />
      )}
      <RoundSection title="All loops">
        {loops.data && loops.data.loops.length > 0 ? (
          <LoopList loops={loops.data.loops} me={me} runs={runs} />
        ) : (
          <p className="text-muted">{loops.isPending ? 'Loading…' : 'No trades were found.'}</p>
        )}
      </RoundSection>
    </div>
  );
}
