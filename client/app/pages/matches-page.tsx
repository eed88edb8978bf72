import { Repeat, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { CircleMatchAction } from '../../features/circles/components/propose-circle-button';
import { useMarkMatchesSeen, useMatches } from '../../features/matching/api/matching';
import { bundlesByOwner } from '../../features/matching/bundles';
import { BundleCard } from '../../features/matching/components/bundle-card';
import { CircleCard, MutualCard, WantedCard } from '../../features/matching/components/match-cards';

function Section({
  title,
  count,
  lead,
  empty,
  children,
}: {
  title: string;
  count: number;
  lead: string;
  empty: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-2xl font-bold">
          {title} <span className="text-muted">({count})</span>
        </h2>
        <p className="text-muted">{lead}</p>
      </div>
      {count === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white p-4 text-muted">
          {empty}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">{children}</div>
      )}
    </section>
  );
}

function HowToAddWants() {
  return (
    <ul className="mx-auto mt-2 flex max-w-md list-disc flex-col gap-1 pl-5 text-left">
      <li>
        Open one of{' '}
        <Link to="/profile" className="font-semibold text-brand-800 underline">
          your listings
        </Link>{' '}
        and name what you would take for it under “What would you take for this?”.
      </li>
      <li>On anyone’s listing you like, press “I'd swap for this”.</li>
      <li>
        Or write what you want, separated by commas (“telescope, binoculars”), in a listing’s wanted
        items: matching listings are found for you as they appear.
      </li>
    </ul>
  );
}

export function MatchesPage() {
  const { user, isSignedIn } = useCurrentUser();
  const matches = useMatches(isSignedIn);
  const seen = useMarkMatchesSeen();
  const loaded = matches.isSuccess;
  const markSeen = seen.mutate;
  // What is on screen now is no longer new; live updates refetch while the page stays open.
  useEffect(() => {
    if (loaded) markSeen();
  }, [loaded, markSeen]);

  if (!isSignedIn || !user) {
    return (
      <SignInPrompt
        title="Sign in to see your matches"
        text="Matches are swaps waiting to happen between your listings and other members'."
      />
    );
  }
  if (matches.isPending) return <LoadingScreen />;
  const data = matches.data ?? { wanted: [], mutual: [], circles: [] };
  const nothing = data.wanted.length + data.mutual.length + data.circles.length === 0;
  const bundles = bundlesByOwner(data);

  return (
    <Page>
      <PageTitle lead="Swaps waiting to happen: members who want what you have, and have what you want.">
        Your Matches
      </PageTitle>
      {nothing ? (
        <EmptyState
          icon={Sparkles}
          title="No matches yet"
          text={
            <>
              Matches come from what you would take for your listings. Three ways to say it:
              <HowToAddWants />
            </>
          }
        />
      ) : (
        <div className="flex flex-col gap-10">
          <Section
            title="Mutual"
            count={data.mutual.length}
            lead="You want theirs and they want yours: make an offer."
            empty="No mutual match yet. The more listings you name, the more likely one wants yours back."
          >
            {data.mutual.map((match) => (
              <MutualCard key={`${match.mine.id}-${match.theirs.id}`} match={match} />
            ))}
          </Section>
          <Section
            title="Circles"
            count={data.circles.length}
            lead="Three members, each giving one thing and getting one they want."
            empty="No circle yet. Circles appear when someone who has what you want wants something a third member would trade for yours."
          >
            {data.circles.map((circle) => (
              <CircleCard
                key={circle.itemIds.join('-')}
                circle={circle}
                me={user.id}
                action={<CircleMatchAction itemIds={circle.itemIds} proposal={circle.proposal} />}
              />
            ))}
          </Section>
          {bundles.length > 0 && (
            <Section
              title="Several from one member"
              count={bundles.length}
              lead="Members with more than one listing you want: ask for them in one offer."
              empty=""
            >
              {bundles.map((bundle) => (
                <BundleCard key={bundle.owner.id} bundle={bundle} />
              ))}
            </Section>
          )}
          <Section
            title="You want"
            count={data.wanted.length}
            lead="Listed now, and on your wants."
            empty="Nothing you want is listed right now."
          >
            {data.wanted.map((match) => (
              <WantedCard key={match.id} match={match} />
            ))}
          </Section>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Repeat className="size-4" aria-hidden /> New matches appear here as members list and
            change their wants.
          </p>
        </div>
      )}
    </Page>
  );
}
