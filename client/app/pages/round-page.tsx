import { useParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.rounds';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useRound, useRoundEntries } from '../../features/rounds/api/rounds';
import { MyRoundEntries } from '../../features/rounds/components/my-round-entries';
import { MyWantLists } from '../../features/rounds/components/my-want-lists';
import { OrganiserPanel } from '../../features/rounds/components/organiser-panel';
import { RoundEntryList } from '../../features/rounds/components/round-entry-list';
import { RoundNotFound } from '../../features/rounds/components/round-not-found';
import { PhaseSteps } from '../../features/rounds/components/round-parts';
import { RoundResults } from '../../features/rounds/components/round-results';
import { RoundSection } from '../../features/rounds/components/round-section';
import { RoundSummary } from '../../features/rounds/components/round-summary';
import { RoundTitle } from '../../features/rounds/components/round-title';
import { SignInToTakePart } from '../../features/rounds/components/sign-in-to-take-part';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('rounds', englishMessages);

export function RoundPage() {
  const { id } = useParams();
  const roundId = Number(id);
  const valid = Number.isSafeInteger(roundId) && roundId > 0;
  const { user } = useCurrentUser();
  const round = useRound(roundId, valid);
  const entries = useRoundEntries(roundId, valid && Boolean(round.data));
  const { _ } = useI18n();

  if (valid && round.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (!valid || !round.data) return <RoundNotFound />;
  const data = round.data;
  const me = user?.id;
  const all = entries.data ?? [];
  return (
    <Page>
      <RoundTitle round={data} />
      <div className="flex flex-col gap-8">
        <PhaseSteps phase={data.phase} />
        <RoundSummary round={data} />
        <OrganiserPanel round={data} />
        {!user && data.phase !== 'closed' && <SignInToTakePart />}
        {data.phase === 'entries' && me && (
          <RoundSection title={_('rounds.yourListings')}>
            <MyRoundEntries round={data} entries={all} me={me} />
          </RoundSection>
        )}
        {data.phase === 'wants' && me && (
          <RoundSection title={_('rounds.yourWantLists')}>
            <MyWantLists round={data} entries={all} me={me} />
          </RoundSection>
        )}
        {(data.phase === 'results' || (data.phase === 'closed' && data.solvedAt)) && (
          <RoundResults round={data} me={me} />
        )}
        {['entries', 'wants', 'solving'].includes(data.phase) && (
          <RoundSection title={_('rounds.entries', { count: all.length })}>
            <RoundEntryList entries={all} />
          </RoundSection>
        )}
      </div>
    </Page>
  );
}
