import { Repeat, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.matches';
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
import { formatCount } from '../../lib/format';
import { addMessages } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-text';
import { useI18n } from '../../lib/use-i18n';

addMessages('matches', englishMessages);

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
  // English writes the count as it always has (1234, no grouping); other languages group it.
  const { locale } = useI18n();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-2xl font-bold">
          {title}{' '}
          <span className="text-muted">
            ({locale === 'en' ? count : formatCount(count, locale)})
          </span>
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
  const { _ } = useI18n();
  return (
    <ul className="mx-auto mt-2 flex max-w-md list-disc flex-col gap-1 ps-5 text-start">
      <li>
        {richMessage(
          _,
          'matches.how.open',
          {},
          {
            link: (
              <Link to="/profile" className="font-semibold text-brand-800 underline">
                {_('matches.how.openLink')}
              </Link>
            ),
          },
        )}
      </li>
      <li>{_('matches.how.press')}</li>
      <li>{_('matches.how.write')}</li>
    </ul>
  );
}

export function MatchesPage() {
  const { user, isSignedIn } = useCurrentUser();
  const matches = useMatches(isSignedIn);
  const seen = useMarkMatchesSeen();
  const { _ } = useI18n();
  const loaded = matches.isSuccess;
  const markSeen = seen.mutate;
  // What is on screen now is no longer new; live updates refetch while the page stays open.
  useEffect(() => {
    if (loaded) markSeen();
  }, [loaded, markSeen]);

  if (!isSignedIn || !user) {
    return <SignInPrompt title={_('matches.signInTitle')} text={_('matches.signInText')} />;
  }
  if (matches.isPending) return <LoadingScreen label={_('header.loading')} />;
  const data = matches.data ?? { wanted: [], mutual: [], circles: [] };
  const nothing = data.wanted.length + data.mutual.length + data.circles.length === 0;
  const bundles = bundlesByOwner(data);

  return (
    <Page>
      <PageTitle lead={_('matches.lead')}>{_('matches.title')}</PageTitle>
      {nothing ? (
        <EmptyState
          icon={Sparkles}
          title={_('matches.none')}
          text={
            <>
              {_('matches.noneText')}
              <HowToAddWants />
            </>
          }
        />
      ) : (
        <div className="flex flex-col gap-10">
          <Section
            title={_('matches.mutual')}
            count={data.mutual.length}
            lead={_('matches.mutual.lead')}
            empty={_('matches.mutual.empty')}
          >
            {data.mutual.map((match) => (
              <MutualCard key={`${match.mine.id}-${match.theirs.id}`} match={match} />
            ))}
          </Section>
          <Section
            title={_('matches.circles')}
            count={data.circles.length}
            lead={_('matches.circles.lead')}
            empty={_('matches.circles.empty')}
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
              title={_('matches.bundles')}
              count={bundles.length}
              lead={_('matches.bundles.lead')}
              empty=""
            >
              {bundles.map((bundle) => (
                <BundleCard key={bundle.owner.id} bundle={bundle} />
              ))}
            </Section>
          )}
          <Section
            title={_('matches.wanted')}
            count={data.wanted.length}
            lead={_('matches.wanted.lead')}
            empty={_('matches.wanted.empty')}
          >
            {data.wanted.map((match) => (
              <WantedCard key={match.id} match={match} />
            ))}
          </Section>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Repeat className="size-4" aria-hidden /> {_('matches.live')}
          </p>
        </div>
      )}
    </Page>
  );
}
