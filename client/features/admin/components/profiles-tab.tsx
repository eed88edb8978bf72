import { Pencil, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/use-i18n';
import { type AdminUser, adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { EditMemberDialog } from './edit-member-dialog';
import { ModerationRow } from './moderation-row';

export function ProfilesTab() {
  const { _ } = useI18n();
  const list = useAdminList<AdminUser>('users', true);
  const [editing, setEditing] = useState<AdminUser>();
  const erase = useModeration(
    adminApi.eraseMember,
    'Account erased',
    'Failed to erase the account',
  );
  if (list.isPending) return <LoadingScreen />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((u) => (
          <ModerationRow
            key={u.id}
            actions={
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(u)}>
                  <Pencil className="size-4" aria-hidden /> Edit
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" className="text-danger">
                      <UserX className="size-4" aria-hidden /> Erase
                      <span className="sr-only"> {displayName(u)}</span>
                    </Button>
                  }
                  title={`Erase ${displayName(u)}’s account?`}
                  text="Their profile, address, sessions, saved items, searches and listings never traded are deleted; offers, chats, circles and ratings stay for the other members as from “Deleted member”. This cannot be undone."
                  confirmLabel="Erase account"
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
                  {u.isAdmin && <Badge tone="amber">Admin</Badge>}
                  {u.isMember && <Badge tone="brand">✓ Verified</Badge>}
                </p>
                <p className="truncate text-sm text-muted">
                  {u.email} · joined {formatDate(u.createdAt)}
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
