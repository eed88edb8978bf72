import { Repeat } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import type { Circle } from '../../../shared/circles';
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

/** What happens next, in one line, for the circle's state. */
function nextStep(circle: Circle): string {
  switch (circle.status) {
    case 'proposed': {
      const waiting = circle.legs.filter((leg) => leg.decision === 'pending').length;
      return `Waiting for ${waiting} ${waiting === 1 ? 'member' : 'members'} to accept, until ${formatDate(circle.expiresAt)}. Nothing is promised until everyone accepts.`;
    }
    case 'accepted':
      return 'Everyone accepted: the listings are reserved for this circle. Send yours, and confirm when you receive what you get.';
    case 'completed':
      return 'Everyone received their listing. Thank you for swapping!';
    case 'declined':
    case 'cancelled':
      return circle.closedReason ?? 'This circle will not go ahead.';
    case 'expired':
      return 'Not everyone answered within 7 days, so this circle expired.';
  }
}

export function CirclePage() {
  const { id } = useParams();
  const circleId = Number(id);
  const valid = Number.isSafeInteger(circleId) && circleId > 0;
  const { user } = useCurrentUser();
  const circle = useCircle(circleId, Boolean(user) && valid);
  const legsId = useId();
  const chatId = useId();

  if (!user) {
    return (
      <SignInPrompt
        title="Sign in to see this circle"
        text="Swap circles are visible to their members only."
      />
    );
  }
  if (valid && circle.isPending) return <LoadingScreen />;
  if (!valid || !circle.data) {
    return (
      <Page narrow>
        <EmptyState
          icon={Repeat}
          title="Circle not found"
          text="This circle does not exist, or you are not one of its members."
        >
          <Link to="/matches" className="mt-4 font-semibold text-brand-800 underline">
            See your matches
          </Link>
        </EmptyState>
      </Page>
    );
  }
  const data = circle.data;
  return (
    <Page>
      <PageTitle lead={nextStep(data)}>
        <span className="flex flex-wrap items-center gap-3">
          Swap circle of {data.legs.length} <CircleStatusBadge status={data.status} />
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
              Who gives what
            </h2>
            <CircleLegList circle={data} me={user.id} />
          </section>
          <section aria-labelledby={chatId} className="flex flex-col gap-3">
            <h2 id={chatId} className="text-xl font-bold">
              Circle chat
            </h2>
            <CircleChat circle={data} me={user.id} />
          </section>
        </div>
      </div>
    </Page>
  );
}
