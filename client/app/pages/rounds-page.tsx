import { Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useRounds } from '../../features/rounds/api/rounds';
import { CreateRoundForm } from '../../features/rounds/components/create-round-form';
import { RoundPhaseBadge } from '../../features/rounds/components/round-parts';
import { displayName, formatDate } from '../../lib/format';

export function RoundsPage() {
  const { user } = useCurrentUser();
  const rounds = useRounds();
  const [creating, setCreating] = useState(false);
  const formTitleId = useId();

  return (
    <Page>
      <PageTitle lead="Everyone enters listings and ranks what they would accept; at the deadline the solver finds the loops of trades that let the most listings change hands.">
        Swap rounds
      </PageTitle>
      {user &&
        (user.isMember ? (
          creating ? (
            <Card className="mb-8">
              <h2 id={formTitleId} className="mb-4 text-xl font-bold">
                Organise a round
              </h2>
              <CreateRoundForm onCancel={() => setCreating(false)} />
            </Card>
          ) : (
            <Button className="mb-8" onClick={() => setCreating(true)}>
              Organise a round
            </Button>
          )
        ) : (
          <p className="mb-8 rounded-xl bg-amber-50 p-3 text-amber-900">
            Verify your email address to organise a round.
          </p>
        ))}
      {rounds.isPending ? (
        <LoadingScreen />
      ) : !rounds.data || rounds.data.length === 0 ? (
        <EmptyState
          icon={Shuffle}
          title="No rounds yet"
          text="When a round opens, it is listed here."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {rounds.data.map((round) => (
            <li key={round.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-bold">
                    <Link to={`/rounds/${round.id}`} className="underline-offset-2 hover:underline">
                      {round.title}
                    </Link>
                  </h2>
                  <RoundPhaseBadge phase={round.phase} />
                </div>
                <p className="text-sm text-muted">
                  Organised by {displayName(round.organiser)} · {round.entryCount}{' '}
                  {round.entryCount === 1 ? 'entry' : 'entries'} from {round.memberCount}{' '}
                  {round.memberCount === 1 ? 'member' : 'members'}
                </p>
                <p className="text-sm">
                  {round.phase === 'entries' && `Entries close ${formatDate(round.entriesCloseAt)}`}
                  {round.phase === 'wants' && `Want lists close ${formatDate(round.wantsCloseAt)}`}
                  {round.phase === 'results' &&
                    `Ship by ${formatDate(round.shippingDeadline)}${round.result ? ` · ${round.result.itemsTraded} of ${round.result.items} listings trade` : ''}`}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
