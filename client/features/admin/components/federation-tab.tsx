import { Globe } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatCount, formatDate, formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdminAction } from '../api/admin';
import { federationApi, type Instance, useInstances } from '../api/federation';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

type FollowState = Instance['following'];
type Tone = 'neutral' | 'amber' | 'green' | 'red';

/** Our follow of them, in plain words. */
const WE_FOLLOW: Record<FollowState, [string, Tone]> = {
  none: ['No', 'neutral'],
  pending: ['Pending: waiting for their answer', 'amber'],
  accepted: ['Accepted', 'green'],
  rejected: ['Refused by them', 'red'],
};

/** Their follow of us, in plain words. */
const THEY_FOLLOW: Record<FollowState, [string, Tone]> = {
  none: ['No', 'neutral'],
  pending: ['Asking: your answer is needed', 'amber'],
  accepted: ['Accepted', 'green'],
  rejected: ['Refused by us', 'red'],
};

const nameOf = (instance: Instance) => instance.name || instance.host;

function FollowForm() {
  const follow = useAdminAction(federationApi.follow);
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const instance = await follow.mutateAsync(url.trim());
      setUrl('');
      toast.success(
        instance.following === 'accepted'
          ? `You already follow ${nameOf(instance)}`
          : `Follow request sent to ${nameOf(instance)}`,
        { description: 'Its listings show here once its admins accept.' },
      );
    } catch (failure) {
      // The server says what is wrong (not a SwapMarket site, not https, blocked…).
      setError(failure instanceof Error ? failure.message : 'The follow request failed');
    }
  };
  return (
    <Card className="p-4 sm:p-6">
      <h2 id="follow-community" className="text-lg font-bold">
        Follow another community
      </h2>
      <p className="mt-1 text-sm text-muted">
        The address of another SwapMarket site. Its listings appear here, marked with where they
        come from, once its admins accept.
      </p>
      <form
        aria-labelledby="follow-community"
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <Field
          label="Community address"
          type="url"
          inputMode="url"
          required
          placeholder="https://swaps.example.org"
          autoComplete="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error || undefined}
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          disabled={follow.isPending || !url.trim()}
          className="sm:mt-7 sm:self-start"
        >
          {follow.isPending ? 'Sending...' : 'Follow'}
        </Button>
      </form>
    </Card>
  );
}

function State({ label, state }: { label: string; state: [string, Tone] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <dt className="text-muted">{label}:</dt>
      <dd>
        <Badge tone={state[1]}>{state[0]}</Badge>
      </dd>
    </div>
  );
}

/** The row's moves, each with its own toast (SPEC §8: a failure says the server's reason). */
function useInstanceMoves() {
  const { update, unfollow } = federationApi;
  return {
    accept: useModeration(
      (id: number) => update({ id, follower: 'accepted' }),
      'Follow request accepted',
      'Failed to accept the follow request',
    ),
    refuse: useModeration(
      (id: number) => update({ id, follower: 'rejected' }),
      'Follow request refused',
      'Failed to refuse the follow request',
    ),
    stopSharing: useModeration(
      (id: number) => update({ id, follower: 'rejected' }),
      'Stopped sharing listings with this community',
      'Failed to stop sharing with the community',
    ),
    block: useModeration(
      (id: number) => update({ id, blocked: true }),
      'Community blocked',
      'Failed to block the community',
    ),
    unblock: useModeration(
      (id: number) => update({ id, blocked: false }),
      'Community unblocked',
      'Failed to unblock the community',
    ),
    unfollow: useModeration(unfollow, 'Community unfollowed', 'Failed to unfollow the community'),
    followBack: useModeration(
      (instance: Instance) => federationApi.follow(instance.url),
      'Follow request sent',
      'Failed to send the follow request',
    ),
  };
}

type Moves = ReturnType<typeof useInstanceMoves>;

/** They follow us (or ask to) and we do not follow them: one click makes it both ways. */
const followsBack = (instance: Instance) =>
  !instance.blocked &&
  (instance.follower === 'accepted' || instance.follower === 'pending') &&
  (instance.following === 'none' || instance.following === 'rejected');

function InstanceRow({ instance, moves }: { instance: Instance; moves: Moves }) {
  const name = nameOf(instance);
  const { id } = instance;
  const asking = !instance.blocked && instance.follower === 'pending';
  const actions = (
    <>
      {asking && (
        <>
          <Button size="sm" onClick={() => void moves.accept(id)}>
            Accept
          </Button>
          <Button variant="outline" size="sm" onClick={() => void moves.refuse(id)}>
            Refuse
          </Button>
        </>
      )}
      {followsBack(instance) && (
        <Button variant="outline" size="sm" onClick={() => void moves.followBack(instance)}>
          Follow back
        </Button>
      )}
      {!instance.blocked && instance.follower === 'accepted' && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              Stop sharing
            </Button>
          }
          title={`Stop sharing with ${name}?`}
          text="Your listings stop going there, and those it holds leave it at once. It can ask to follow again; you decide then."
          confirmLabel="Stop sharing"
          onConfirm={() => void moves.stopSharing(id)}
        />
      )}
      {!instance.blocked && instance.following !== 'none' && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              Unfollow
            </Button>
          }
          title={`Stop following ${name}?`}
          text={`Its listings leave this community at once${instance.listings ? ` (${formatCount(instance.listings)} held here now)` : ''}. You can follow it again later.`}
          confirmLabel="Unfollow"
          onConfirm={() => void moves.unfollow(id)}
        />
      )}
      {instance.blocked ? (
        <Button variant="outline" size="sm" onClick={() => void moves.unblock(id)}>
          Unblock
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              Block
            </Button>
          }
          title={`Block ${name}?`}
          text="Its listings and members leave this community at once, follows both ways end, and its deliveries are refused until you unblock it."
          confirmLabel="Block community"
          onConfirm={() => void moves.block(id)}
        />
      )}
    </>
  );
  return (
    <ModerationRow actions={actions}>
      <h3 className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="break-all">{name}</span>
        {instance.name && (
          <span className="break-all text-sm font-normal text-muted">{instance.host}</span>
        )}
        {instance.blocked && <Badge tone="red">Blocked</Badge>}
      </h3>
      {instance.blocked ? (
        <p className="mt-1 text-sm text-muted">
          Its listings and members are not shown here, and its deliveries are refused.
        </p>
      ) : (
        <dl className="mt-2 flex flex-col gap-1.5 text-sm">
          <State label="We follow them" state={WE_FOLLOW[instance.following]} />
          <State label="They follow us" state={THEY_FOLLOW[instance.follower]} />
        </dl>
      )}
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted">Listings held here:</dt>
          <dd className="font-semibold tabular-nums">{formatCount(instance.listings)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">Last delivery to them:</dt>
          <dd>
            {instance.lastDeliveryAt ? (
              <time dateTime={instance.lastDeliveryAt} title={formatDate(instance.lastDeliveryAt)}>
                {formatRelative(instance.lastDeliveryAt)}
              </time>
            ) : (
              'none yet'
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">Failed deliveries in a row:</dt>
          <dd className={instance.failures ? 'font-semibold text-danger' : undefined}>
            {instance.failures === 0 ? 'none' : formatCount(instance.failures)}
          </dd>
        </div>
      </dl>
    </ModerationRow>
  );
}

/** Other communities (issue 37): follow one, answer their follows, block, unfollow. */
export function FederationTab() {
  const list = useInstances(true);
  const moves = useInstanceMoves();
  const instances = list.data ?? [];
  const asking = instances.filter((i) => !i.blocked && i.follower === 'pending').length;
  return (
    <div className="flex flex-col gap-6">
      <FollowForm />
      <section aria-labelledby="other-communities" className="flex flex-col gap-3">
        <h2 id="other-communities" className="text-lg font-bold">
          Other communities
          {asking > 0 && (
            <span className="ml-2 text-base font-semibold text-amber-900">
              ({asking} asking to follow)
            </span>
          )}
        </h2>
        {list.isPending ? (
          <LoadingScreen />
        ) : list.isError ? (
          <p role="alert" className="text-danger">
            The other communities could not be loaded.
          </p>
        ) : instances.length === 0 ? (
          <EmptyState
            icon={Globe}
            title="No other communities yet"
            text="Follow another community above; communities that ask to follow this one show here too."
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {instances.map((instance) => (
              <InstanceRow key={instance.id} instance={instance} moves={moves} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
