import { Globe } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatCount, formatDate, formatRelative } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useAdminAction } from '../api/admin';
import { federationApi, type Instance, useInstances } from '../api/federation';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

type FollowState = Instance['following'];
type Tone = 'neutral' | 'amber' | 'green' | 'red';

/** A follow's colour; its words (admin.federation.weFollow, theyFollow) differ by direction. */
const TONES: Record<FollowState, Tone> = {
  none: 'neutral',
  pending: 'amber',
  accepted: 'green',
  rejected: 'red',
};

const nameOf = (instance: Instance) => instance.name || instance.host;

function FollowForm() {
  const follow = useAdminAction(federationApi.follow);
  const { _ } = useI18n();
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
          ? _('admin.federation.alreadyFollowing', { name: nameOf(instance) })
          : _('admin.federation.requestSentTo', { name: nameOf(instance) }),
        { description: _('admin.federation.onceAccepted') },
      );
    } catch (failure) {
      // The server says what is wrong (not a SwapMarket site, not https, blocked…).
      setError(failure instanceof Error ? failure.message : _('admin.federation.followFailed'));
    }
  };
  return (
    <Card className="p-4 sm:p-6">
      <h2 id="follow-community" className="text-lg font-bold">
        {_('admin.federation.followTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{_('admin.federation.followLead')}</p>
      <form
        aria-labelledby="follow-community"
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <Field
          label={_('admin.federation.address')}
          type="url"
          inputMode="url"
          required
          placeholder={_('admin.federation.addressExample')}
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
          {follow.isPending ? _('admin.federation.sending') : _('admin.federation.follow')}
        </Button>
      </form>
    </Card>
  );
}

function State({ label, state, text }: { label: string; state: FollowState; text: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <dt className="text-muted">{label}</dt>
      <dd>
        <Badge tone={TONES[state]}>{text}</Badge>
      </dd>
    </div>
  );
}

/** The row's moves, each with its own toast (SPEC §8: a failure says the server's reason). */
function useInstanceMoves() {
  const { update, unfollow } = federationApi;
  const { _ } = useI18n();
  return {
    accept: useModeration(
      (id: number) => update({ id, follower: 'accepted' }),
      _('admin.federation.accepted'),
      _('admin.federation.acceptFailed'),
    ),
    refuse: useModeration(
      (id: number) => update({ id, follower: 'rejected' }),
      _('admin.federation.refused'),
      _('admin.federation.refuseFailed'),
    ),
    stopSharing: useModeration(
      (id: number) => update({ id, follower: 'rejected' }),
      _('admin.federation.stopped'),
      _('admin.federation.stopFailed'),
    ),
    block: useModeration(
      (id: number) => update({ id, blocked: true }),
      _('admin.federation.blocked'),
      _('admin.federation.blockFailed'),
    ),
    unblock: useModeration(
      (id: number) => update({ id, blocked: false }),
      _('admin.federation.unblocked'),
      _('admin.federation.unblockFailed'),
    ),
    unfollow: useModeration(
      unfollow,
      _('admin.federation.unfollowed'),
      _('admin.federation.unfollowFailed'),
    ),
    followBack: useModeration(
      (instance: Instance) => federationApi.follow(instance.url),
      _('admin.federation.requestSent'),
      _('admin.federation.requestFailed'),
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
  const { _, locale } = useI18n();
  const { id } = instance;
  const asking = !instance.blocked && instance.follower === 'pending';
  const actions = (
    <>
      {asking && (
        <>
          <Button size="sm" onClick={() => void moves.accept(id)}>
            {_('admin.federation.accept')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void moves.refuse(id)}>
            {_('admin.federation.refuse')}
          </Button>
        </>
      )}
      {followsBack(instance) && (
        <Button variant="outline" size="sm" onClick={() => void moves.followBack(instance)}>
          {_('admin.federation.followBack')}
        </Button>
      )}
      {!instance.blocked && instance.follower === 'accepted' && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              {_('admin.federation.stopSharing')}
            </Button>
          }
          title={_('admin.federation.stopSharingTitle', { name })}
          text={_('admin.federation.stopSharingText')}
          confirmLabel={_('admin.federation.stopSharing')}
          onConfirm={() => void moves.stopSharing(id)}
        />
      )}
      {!instance.blocked && instance.following !== 'none' && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              {_('admin.federation.unfollow')}
            </Button>
          }
          title={_('admin.federation.unfollowTitle', { name })}
          text={_('admin.federation.unfollowText', {
            listings: instance.listings,
            held: formatCount(instance.listings, locale),
          })}
          confirmLabel={_('admin.federation.unfollow')}
          onConfirm={() => void moves.unfollow(id)}
        />
      )}
      {instance.blocked ? (
        <Button variant="outline" size="sm" onClick={() => void moves.unblock(id)}>
          {_('admin.unblock')}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              {_('admin.block')}
            </Button>
          }
          title={_('admin.federation.blockTitle', { name })}
          text={_('admin.federation.blockText')}
          confirmLabel={_('admin.federation.blockConfirm')}
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
        {instance.blocked && <Badge tone="red">{_('admin.federation.blockedBadge')}</Badge>}
      </h3>
      {instance.blocked ? (
        <p className="mt-1 text-sm text-muted">{_('admin.federation.blockedText')}</p>
      ) : (
        <dl className="mt-2 flex flex-col gap-1.5 text-sm">
          <State
            label={_('admin.federation.weFollowLabel')}
            state={instance.following}
            text={_('admin.federation.weFollow', { state: instance.following })}
          />
          <State
            label={_('admin.federation.theyFollowLabel')}
            state={instance.follower}
            text={_('admin.federation.theyFollow', { state: instance.follower })}
          />
        </dl>
      )}
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted">{_('admin.federation.held')}</dt>
          <dd className="font-semibold tabular-nums">{formatCount(instance.listings, locale)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{_('admin.federation.lastDelivery')}</dt>
          <dd>
            {instance.lastDeliveryAt ? (
              <time
                dateTime={instance.lastDeliveryAt}
                title={formatDate(instance.lastDeliveryAt, locale)}
              >
                {formatRelative(instance.lastDeliveryAt, undefined, locale)}
              </time>
            ) : (
              _('admin.federation.noDeliveryYet')
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{_('admin.federation.failures')}</dt>
          <dd className={instance.failures ? 'font-semibold text-danger' : undefined}>
            {instance.failures === 0
              ? _('admin.federation.noFailures')
              : formatCount(instance.failures, locale)}
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
  const { _ } = useI18n();
  const instances = list.data ?? [];
  const asking = instances.filter((i) => !i.blocked && i.follower === 'pending').length;
  return (
    <div className="flex flex-col gap-6">
      <FollowForm />
      <section aria-labelledby="other-communities" className="flex flex-col gap-3">
        <h2 id="other-communities" className="text-lg font-bold">
          {_('admin.federation.others')}
          {asking > 0 && (
            <span className="ms-2 text-base font-semibold text-amber-900">
              {_('admin.federation.asking', { count: asking })}
            </span>
          )}
        </h2>
        {list.isPending ? (
          <LoadingScreen label={_('header.loading')} />
        ) : list.isError ? (
          <p role="alert" className="text-danger">
            {_('admin.federation.loadFailed')}
          </p>
        ) : instances.length === 0 ? (
          <EmptyState
            icon={Globe}
            title={_('admin.federation.noneTitle')}
            text={_('admin.federation.noneText')}
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
