import { Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.rounds';
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
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('rounds', englishMessages);

export function RoundsPage() {
  const { user } = useCurrentUser();
  const rounds = useRounds();
  const [creating, setCreating] = useState(false);
  const formTitleId = useId();
  const { _, locale } = useI18n();

  return (
    <Page>
      <PageTitle lead={_('rounds.lead')}>{_('rounds.title')}</PageTitle>
      {user &&
        (user.isMember ? (
          creating ? (
            <Card className="mb-8">
              <h2 id={formTitleId} className="mb-4 text-xl font-bold">
                {_('rounds.organise')}
              </h2>
              <CreateRoundForm onCancel={() => setCreating(false)} />
            </Card>
          ) : (
            <Button className="mb-8" onClick={() => setCreating(true)}>
              {_('rounds.organise')}
            </Button>
          )
        ) : (
          <p className="mb-8 rounded-xl bg-amber-50 p-3 text-amber-900">
            {_('rounds.verifyFirst')}
          </p>
        ))}
      {rounds.isPending ? (
        <LoadingScreen label={_('header.loading')} />
      ) : !rounds.data || rounds.data.length === 0 ? (
        <EmptyState icon={Shuffle} title={_('rounds.none')} text={_('rounds.noneText')} />
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
                  {_('rounds.organisedBy', {
                    name: displayName(round.organiser),
                    entries: round.entryCount,
                    members: round.memberCount,
                  })}
                </p>
                <p className="text-sm">
                  {round.phase === 'entries' &&
                    _('rounds.entriesClose', { date: formatDate(round.entriesCloseAt, locale) })}
                  {round.phase === 'wants' &&
                    _('rounds.wantsClose', { date: formatDate(round.wantsCloseAt, locale) })}
                  {round.phase === 'results' &&
                    (round.result
                      ? _('rounds.shipByTraded', {
                          date: formatDate(round.shippingDeadline, locale),
                          traded: round.result.itemsTraded,
                          items: round.result.items,
                        })
                      : _('rounds.shipBy', { date: formatDate(round.shippingDeadline, locale) }))}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
