import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Block } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useBlocks, useSetBlocked } from '../api/blocks';

// The blocked members, in settings: the profile area has the words for blocking.
addMessages('profile', englishMessages);

function BlockedRow({ block }: { block: Block }) {
  const { _, locale } = useI18n();
  const setBlocked = useSetBlocked(block.user.id);
  const name = displayName(block.user);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-3">
      <UserAvatar user={block.user} label={_('avatar.label')} size={40} />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${block.user.id}`} className="font-semibold hover:underline">
          {name}
        </Link>
        <p className="text-sm text-muted">
          {_('block.since', { date: formatDate(block.createdAt, locale) })}
        </p>
      </div>
      <Button
        variant="outline"
        disabled={setBlocked.isPending}
        onClick={async () => {
          try {
            await setBlocked.mutateAsync(false);
            toast.success(_('block.unblocked', { name }));
          } catch (error) {
            toast.error(_('profile.error'), {
              description: error instanceof Error ? error.message : undefined,
            });
          }
        }}
      >
        {_('block.unblock')}
        <span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

/** The members the viewer has blocked, each with Unblock. */
export function BlockedList() {
  const { _ } = useI18n();
  const blocks = useBlocks(true);
  if (blocks.isPending) return <p className="text-muted">{_('block.loading')}</p>;
  if (!blocks.data?.length) return <p className="text-muted">{_('block.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {blocks.data.map((block) => (
        <BlockedRow key={block.user.id} block={block} />
      ))}
    </ul>
  );
}
