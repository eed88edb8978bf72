import { Repeat } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import type { Circle } from '../../../shared/circles';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.circles';
import type { Translator } from '../../../shared/i18n/translator';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { useCircle } from '../../features/circles/api/circles';
import { CircleActions } from '../../features/circles/components/circle-actions';
import { CircleChat } from '../../features/circles/components/circle-chat';
import { CircleLegList, CircleStatusBadge } from '../../features/circles/components/circle-parts';
import { CircleRing } from '../../features/circles/components/circle-ring';
import { formatDate } from '../../lib/format';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('circles', englishMessages);

/** What happens next, in one line, for the circle's state. */
function nextStep(circle: Circle, { _, locale }: Translator): string {
  switch (circle.status) {
    case 'proposed': {
      const count = circle.legs.filter((leg) => leg.decision === 'pending').length;
      return _('circle.next.proposed', { count, date: formatDate(circle.expiresAt, locale) });
    }
    case 'accepted':
      return _('circle.next.accepted');
    case 'completed':
      return _('circle.next.completed');
    case 'declined':
    case 'cancelled':
      return circle.closedReason ?? _('circle.next.closed');
    case 'expired':
      return _('circle.next.expired');
  }
}

export function CirclePage() {
  const i18n = useI18n();
  const { _ } = i18n;
  const { id } = useParams();
  const circleId = Number(id);
  const valid = Number.isSafeInteger(circleId) && circleId > 0;
  const { user } = useCurrentUser();
  const circle = useCircle(circleId, Boolean(user) && valid);
  const legsId = useId();
  const chatId = useId();

  if (!user) {
    return <SignInPrompt title={_('circle.signInTitle')} text={_('circle.signInText')} />;
  }
  if (valid && circle.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (!valid || !circle.data) {
    return (
      <Page narrow>
        <EmptyState icon={Repeat} title={_('circle.notFoundTitle')} text={_('circle.notFoundText')}>
          <Link to="/matches" className="mt-4 font-semibold text-brand-800 underline">
            {_('circle.seeMatches')}
          </Link>
        </EmptyState>
      </Page>
    );
  }
  const data = circle.data;
  return (
    <Page>
      <PageTitle lead={nextStep(data, i18n)}>
        <span className="flex flex-wrap items-center gap-3">
          {_('circle.title', { count: data.legs.length })}{' '}
          <CircleStatusBadge status={data.status} />
        </span>
      </PageTitle>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4 p-4">
          <CircleRing circle={data} me={user.id} />
          <CircleActions circle={data} me={user.id} />
        </Card>
        <div className="flex flex-col gap-6">
          <section aria-labelledby={legsId} className="flex flex-col gap-3">
            <h2 id={legsId} className="text-xl font-bold">
              {_('circle.legsHeading')}
            </h2>
            <CircleLegList circle={data} me={user.id} />
          </section>
          <section aria-labelledby={chatId} className="flex flex-col gap-3">
            <h2 id={chatId} className="text-xl font-bold">
              {_('circle.chatHeading')}
            </h2>
            <CircleChat circle={data} me={user.id} />
          </section>
        </div>
      </div>
    </Page>
  );
}
