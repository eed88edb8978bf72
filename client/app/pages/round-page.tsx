import { Shuffle } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Round, RoundEntry, RoundTrade } from '../../../shared/rounds';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { inputClass } from '../../components/ui/field';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useItemList } from '../../features/items/api/items';
import {
  useAddEntry,
  useImportWants,
  useMarkTrade,
  useMyTrades,
  useMyWants,
  useRemoveEntry,
  useRound,
  useRoundEntries,
  useRoundLoops,
  useSolveRound,
  useUpdateRound,
} from '../../features/rounds/api/rounds';
import { LoopPicture } from '../../features/rounds/components/loop-picture';
import {
  PhaseSteps,
  RoundDates,
  RoundPhaseBadge,
} from '../../features/rounds/components/round-parts';
import { WantRanker } from '../../features/rounds/components/want-ranker';
import { optimality } from '../../features/rounds/round-result';
import { cn } from '../../lib/cn';
import { displayName } from '../../lib/format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ErrorText({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="font-medium text-danger">
      {error.message}
    </p>
  ) : null;
}

const NEXT_STEP: Record<Round['phase'], string> = {
  entries: 'Enter the listings you would trade. They are held for this round until it is solved.',
  wants:
    'Entries are in. For each of your entries, rank the entries you would accept in exchange, best first.',
  solving: 'Want lists are closed: the solver is finding the trade loops.',
  results: 'The loops are found. Send what you give, and mark what you receive.',
  closed: 'This round is over.',
};

function OrganiserPanel({ round }: { round: Round }) {
  const update = useUpdateRound(round.id);
  const solve = useSolveRound(round.id);
  const importWants = useImportWants(round.id);
  const [text, setText] = useState('');
  const importId = useId();
  const has = (action: Round['actions'][number]) => round.actions.includes(action);
  if (!['close-entries', 'solve', 'close', 'hide', 'import', 'export'].some((a) => has(a as never)))
    return null;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-xl font-bold">Run this round</h2>
      <div className="flex flex-wrap gap-2">
        {has('close-entries') && (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'close-entries' })}
          >
            Close entries now
          </Button>
        )}
        {has('solve') && (
          <Button disabled={solve.isPending} onClick={() => solve.mutate(undefined)}>
            {solve.isPending ? 'Solving…' : 'Solve now'}
          </Button>
        )}
        {has('export') && (
          <Button asChild variant="outline">
            <a href={`/api/rounds/${round.id}/want-list`} download>
              Export want lists
            </a>
          </Button>
        )}
        {has('close') && (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'close' })}
          >
            Close round
          </Button>
        )}
        {has('hide') && (
          <Button
            variant="destructive"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'hide' })}
          >
            Hide round
          </Button>
        )}
      </div>
      <ErrorText error={update.error ?? solve.error} />
      {has('import') && (
        <div className="flex flex-col gap-2">
          <label htmlFor={importId} className="font-semibold">
            Import a want-list file (TradeMaximizer format; items are entry ids)
          </label>
          <textarea
            id={importId}
            className={cn(inputClass, 'h-32 py-2 font-mono text-sm')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button
              variant="outline"
              disabled={!text.trim() || importWants.isPending}
              onClick={() => importWants.mutate(text)}
            >
              Import want lists
            </Button>
          </div>
          <ErrorText error={importWants.error} />
          {importWants.data && (
            <div role="status" className="text-sm">
              <p>Updated {importWants.data.updated} want lists.</p>
              {importWants.data.warnings.length > 0 && (
                <ul className="list-disc pl-5 text-muted">
                  {importWants.data.warnings.slice(0, 20).map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function MyEntries({ round, entries, me }: { round: Round; entries: RoundEntry[]; me: string }) {
  const listings = useItemList({ userId: me }, 100);
  const add = useAddEntry(round.id);
  const remove = useRemoveEntry(round.id);
  const entered = new Map(
    entries.filter((e) => e.item.owner.id === me).map((e) => [e.item.id, e.id]),
  );
  const canEnter = round.actions.includes('enter');
  if (listings.isPending) return <p className="text-muted">Loading your listings…</p>;
  const items = listings.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-muted">
        You have no listings yet. <Link to="/create-listing">List an item</Link> to enter it.
      </p>
    );
  return (
    <>
      <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
        {items.map((item) => {
          const entryId = entered.get(item.id);
          return (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white p-3"
            >
              <span className="min-w-0 break-words font-medium">{item.title}</span>
              {entryId !== undefined ? (
                <span className="flex items-center gap-2">
                  <Badge tone="green">Entered</Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canEnter || remove.isPending}
                    onClick={() => remove.mutate(entryId)}
                  >
                    Withdraw <span className="sr-only">{item.title}</span>
                  </Button>
                </span>
              ) : item.isActive && !item.isReserved ? (
                <Button
                  size="sm"
                  disabled={!canEnter || add.isPending}
                  onClick={() => add.mutate(item.id)}
                >
                  Enter <span className="sr-only">{item.title}</span>
                </Button>
              ) : (
                <Badge>{item.isActive ? 'Reserved elsewhere' : 'Not available'}</Badge>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorText error={add.error ?? remove.error} />
    </>
  );
}

function AllEntries({ entries }: { entries: RoundEntry[] }) {
  return entries.length === 0 ? (
    <p className="text-muted">No entries yet.</p>
  ) : (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-line bg-white p-3">
          <Link
            to={`/item/${entry.item.id}`}
            className="font-medium underline-offset-2 hover:underline"
          >
            {entry.item.title}
          </Link>
          <p className="text-sm text-muted">by {displayName(entry.item.owner)}</p>
        </li>
      ))}
    </ul>
  );
}

function Wants({ round, entries, me }: { round: Round; entries: RoundEntry[]; me: string }) {
  const wants = useMyWants(round.id, true);
  if (wants.isPending) return <p className="text-muted">Loading your want lists…</p>;
  const mine = entries.filter((e) => e.item.owner.id === me);
  const others = entries.filter((e) => e.item.owner.id !== me);
  if (mine.length === 0) return <p className="text-muted">You have no entries in this round.</p>;
  const lists = new Map((wants.data?.entries ?? []).map((e) => [e.entryId, e.wants]));
  return (
    <div className="flex flex-col gap-6">
      {mine.map((entry) => (
        <Card key={entry.id} className="p-4">
          <h3 className="mb-3 text-lg font-bold">For your “{entry.item.title}”</h3>
          <WantRanker
            roundId={round.id}
            entry={entry}
            others={others}
            initial={lists.get(entry.id) ?? []}
          />
        </Card>
      ))}
    </div>
  );
}

function TradeLine({ trade, me, round }: { trade: RoundTrade; me: string; round: Round }) {
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
      <ErrorText error={mark.error} />
    </li>
  );
}

/** For the organiser: who has not marked their listing sent yet. */
function NotShipped({ legs }: { legs: RoundTrade[] }) {
  const late = [
    ...new Map(legs.filter((l) => !l.sentAt).map((l) => [l.giver.id, l.giver])).values(),
  ];
  return (
    <p className="rounded-xl border border-line bg-white p-3 text-sm">
      {late.length === 0
        ? 'Everyone has marked their listing sent.'
        : `Not marked sent yet: ${late.map(displayName).join(', ')}.`}
    </p>
  );
}

function Results({ round, me }: { round: Round; me: string | undefined }) {
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
        <Section title="Your trades">
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
        </Section>
      )}
      {runs && round.phase === 'results' && loops.data && (
        <NotShipped legs={loops.data.loops.flatMap((loop) => loop.legs)} />
      )}
      <Section title="All loops">
        {loops.data && loops.data.loops.length > 0 ? (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {loops.data.loops.map((loop) => (
              <li key={loop.id}>
                <Card className="flex flex-col gap-2 p-4">
                  <h3 className="font-bold">Loop {loop.id}</h3>
                  <LoopPicture legs={loop.legs} me={me} />
                  <ol className="flex flex-col gap-1 text-sm">
                    {loop.legs.map((leg) => (
                      <li key={leg.entryId} className="break-words">
                        {displayName(leg.giver)} sends “{leg.item.title}” to{' '}
                        {displayName(leg.receiver)}
                        {runs && !leg.sentAt && (
                          <Badge tone="amber" className="ml-2">
                            Not sent
                          </Badge>
                        )}
                      </li>
                    ))}
                  </ol>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{loops.isPending ? 'Loading…' : 'No trades were found.'}</p>
        )}
      </Section>
    </div>
  );
}

export function RoundPage() {
  const { id } = useParams();
  const roundId = Number(id);
  const valid = Number.isSafeInteger(roundId) && roundId > 0;
  const { user } = useCurrentUser();
  const round = useRound(roundId, valid);
  const entries = useRoundEntries(roundId, valid && Boolean(round.data));

  if (valid && round.isPending) return <LoadingScreen />;
  if (!valid || !round.data) {
    return (
      <Page narrow>
        <EmptyState icon={Shuffle} title="Round not found" text="This round does not exist.">
          <Link to="/rounds" className="mt-4 font-semibold text-brand-800 underline">
            See all rounds
          </Link>
        </EmptyState>
      </Page>
    );
  }
  const data = round.data;
  const me = user?.id;
  const all = entries.data ?? [];
  return (
    <Page>
      <PageTitle lead={NEXT_STEP[data.phase]}>
        <span className="flex flex-wrap items-center gap-3">
          {data.title} <RoundPhaseBadge phase={data.phase} />
        </span>
      </PageTitle>
      <div className="flex flex-col gap-8">
        <PhaseSteps phase={data.phase} />
        <Card className="flex flex-col gap-3 p-4">
          {data.description && <p className="whitespace-pre-line">{data.description}</p>}
          <p className="text-sm text-muted">
            Organised by {displayName(data.organiser)} · {data.entryCount}{' '}
            {data.entryCount === 1 ? 'entry' : 'entries'} from {data.memberCount}{' '}
            {data.memberCount === 1 ? 'member' : 'members'}
            {data.closedReason ? ` · ${data.closedReason}` : ''}
          </p>
          <RoundDates round={data} />
        </Card>
        <OrganiserPanel round={data} />
        {!user && data.phase !== 'closed' && (
          <p className="rounded-xl bg-amber-50 p-3 text-amber-900">
            <Link to="/auth" className="font-semibold underline">
              Sign in
            </Link>{' '}
            to take part.
          </p>
        )}
        {data.phase === 'entries' && me && (
          <Section title="Your listings">
            <MyEntries round={data} entries={all} me={me} />
          </Section>
        )}
        {data.phase === 'wants' && me && (
          <Section title="Your want lists">
            <Wants round={data} entries={all} me={me} />
          </Section>
        )}
        {(data.phase === 'results' || (data.phase === 'closed' && data.solvedAt)) && (
          <Results round={data} me={me} />
        )}
        {['entries', 'wants', 'solving'].includes(data.phase) && (
          <Section title={`Entries (${all.length})`}>
            <AllEntries entries={all} />
          </Section>
        )}
      </div>
    </Page>
  );
}
