import { Pencil, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { type AdminUser, adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { EditMemberDialog } from './edit-member-dialog';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

export function ProfilesTab() {
  const list = useAdminList<AdminUser>('users', true);
  const [editing, setEditing] = useState<AdminUser>();
  const { _, locale } = useI18n();
  const erase = useModeration(
    adminApi.eraseMember,
    _('admin.profiles.erased'),
    _('admin.profiles.eraseFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((u) => (
          <ModerationRow
            key={u.id}
            actions={
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(u)}>
                  <Pencil className="size-4" aria-hidden /> {_('admin.edit')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" className="text-danger">
                      <UserX className="size-4" aria-hidden />{' '}
                      {richMessage(
                        _,
                        'admin.profiles.erase',
                        {},
                        { name: <span className="sr-only">{displayName(u)}</span> },
                      )}
                    </Button>
                  }
                  title={_('admin.profiles.eraseTitle', { name: displayName(u) })}
                  text={_('admin.profiles.eraseText')}
                  confirmLabel={_('admin.profiles.eraseConfirm')}
                  onConfirm={() => void erase(u.id)}
                />
              </>
            }
          >
            <div className="flex items-center gap-3">
              <UserAvatar user={u} label={_('avatar.label')} size={36} />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <Link to={`/profile/${u.id}`} className="hover:underline">
                    {displayName(u)}
                  </Link>
                  {u.isAdmin && <Badge tone="amber">{_('admin.profiles.admin')}</Badge>}
                  {u.isMember && <Badge tone="brand">{_('admin.profiles.verified')}</Badge>}
                </p>
                <p className="truncate text-sm text-muted">
                  {_('admin.profiles.line', {
                    email: u.email,
                    date: formatDate(u.createdAt, locale),
                  })}
                </p>
              </div>
            </div>
          </ModerationRow>
        ))}
      </ul>
      {editing && <EditMemberDialog user={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
