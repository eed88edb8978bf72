import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Item } from '../../../../shared/items';
import type { Feedback } from '../../../../shared/swaps';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { Modal } from '../../../components/ui/modal';
import { StarRating } from '../../../components/ui/star-rating';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { displayName, formatDate } from '../../../lib/format';
import {
  type AdminUser,
  adminApi,
  useAdminAction,
  useAdminList,
  useAdminMessages,
  useReports,
} from '../api/admin';

function Row({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">{children}</div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}

function FormActions({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">Save Changes</Button>
    </div>
  );
}

function DeleteButton({
  what,
  onConfirm,
  label = 'Delete',
}: {
  what: string;
  onConfirm: () => void;
  label?: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-danger">
          <Trash2 className="size-4" aria-hidden /> {label}
        </Button>
      }
      title={`Delete this ${what}?`}
      text="This cannot be undone."
      confirmLabel={`Delete ${what}`}
      onConfirm={onConfirm}
    />
  );
}

/** Runs an admin action with the SPEC §8 failure toast. */
function useModeration<Input>(
  request: (input: Input) => Promise<unknown>,
  success: string,
  failure: string,
) {
  const action = useAdminAction(request);
  return async (input: Input) => {
    try {
      await action.mutateAsync(input);
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(failure, { description: error instanceof Error ? error.message : undefined });
      return false;
    }
  };
}

export function FeedbackTab() {
  const list = useAdminList<Feedback>('feedback', true);
  const remove = useModeration(
    adminApi.deleteFeedback,
    'Feedback deleted',
    'Failed to delete feedback',
  );
  if (list.isPending) return <LoadingScreen />;
  return (
    <ul className="flex flex-col gap-3">
      {(list.data ?? []).map((f) => (
        <Row
          key={f.id}
          actions={<DeleteButton what="feedback" onConfirm={() => void remove(f.id)} />}
        >
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Link to={`/profile/${f.fromUser.id}`} className="font-semibold hover:underline">
              {displayName(f.fromUser)}
            </Link>
            rated
            <Link to={`/profile/${f.toUser.id}`} className="font-semibold hover:underline">
              {displayName(f.toUser)}
            </Link>
            <StarRating value={f.rating} size={14} />
            <span className="text-muted">{formatDate(f.createdAt)}</span>
          </p>
          {f.comment && <p className="mt-1">{f.comment}</p>}
        </Row>
      ))}
      {list.data?.length === 0 && <p className="text-muted">No feedback yet.</p>}
    </ul>
  );
}

function EditProfileDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState({
    nickname: user.nickname ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const save = useModeration(
    adminApi.editProfile,
    'Profile updated successfully',
    'Failed to update profile',
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ id: user.id, ...values, profileImageUrl: values.profileImageUrl || null }))
      onClose();
  };
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${displayName(user)}`}
      description={user.email}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-3 overflow-y-auto">
        <Field label="Nickname" value={values.nickname} onChange={set('nickname')} />
        <Field label="Bio" value={values.bio} onChange={set('bio')} />
        <Field label="Location" value={values.location} onChange={set('location')} />
        <Field
          label="Profile picture (emoji or image link)"
          value={values.profileImageUrl}
          onChange={set('profileImageUrl')}
        />
        <FormActions onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function ProfilesTab() {
  const list = useAdminList<AdminUser>('users', true);
  const [editing, setEditing] = useState<AdminUser>();
  if (list.isPending) return <LoadingScreen />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((u) => (
          <Row
            key={u.id}
            actions={
              <Button variant="outline" size="sm" onClick={() => setEditing(u)}>
                <Pencil className="size-4" aria-hidden /> Edit
              </Button>
            }
          >
            <div className="flex items-center gap-3">
              <UserAvatar user={u} size={36} />
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
          </Row>
        ))}
      </ul>
      {editing && <EditProfileDialog user={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

function EditItemDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const [values, setValues] = useState({
    title: item.title,
    description: item.description,
    wantedItems: item.wantedItems ?? '',
  });
  const save = useModeration(adminApi.editItem, 'Item updated', 'Failed to update item');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ id: item.id, ...values })) onClose();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit item">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 overflow-y-auto">
        <Field
          label="Title"
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
        />
        <label className="text-sm font-medium">
          Description
          <textarea
            rows={4}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            className={cn(inputClass, 'mt-1.5 h-auto py-2 font-normal')}
          />
        </label>
        <Field
          label="Wanted items"
          value={values.wantedItems}
          onChange={(e) => setValues((v) => ({ ...v, wantedItems: e.target.value }))}
        />
        <FormActions onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function ItemsTab() {
  const list = useAdminList<Item>('items', true);
  const remove = useModeration(
    adminApi.deleteItem,
    'Item deleted successfully',
    'Failed to delete item',
  );
  const [editing, setEditing] = useState<Item>();
  if (list.isPending) return <LoadingScreen />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((item) => (
          <Row
            key={item.id}
            actions={
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(item)}>
                  <Pencil className="size-4" aria-hidden /> Edit
                </Button>
                <DeleteButton what="item" onConfirm={() => void remove(item.id)} />
              </>
            }
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <Link to={`/item/${item.id}`} className="hover:underline">
                {item.title}
              </Link>
              {!item.isActive && <Badge tone="red">Inactive</Badge>}
            </p>
            <p className="line-clamp-1 text-sm text-muted">
              by {displayName(item.user)} · {formatDate(item.createdAt)} · {item.description}
            </p>
          </Row>
        ))}
      </ul>
      {editing && <EditItemDialog item={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

export function MessagesTab() {
  const pages = useAdminMessages(true);
  const remove = useModeration(
    adminApi.deleteMessage,
    'Message deleted',
    'Failed to delete message',
  );
  if (pages.isPending) return <LoadingScreen />;
  const messages = pages.data?.pages.flat() ?? [];
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {messages.map((m) => (
          <Row
            key={m.id}
            actions={<DeleteButton what="message" onConfirm={() => void remove(m.id)} />}
          >
            <p className="text-sm text-muted">
              <span className="font-semibold text-ink">{displayName(m.fromUser)}</span> · offer #
              {m.swapRequestId} · {formatDate(m.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{m.content}</p>
          </Row>
        ))}
      </ul>
      {messages.length === 0 && <p className="text-muted">No messages yet.</p>}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className="self-center"
        >
          Load more
        </Button>
      )}
    </div>
  );
}

export function ReportsTab() {
  const list = useReports(true);
  const resolve = useModeration(
    adminApi.resolveReport,
    'Report updated',
    'Failed to update report',
  );
  if (list.isPending) return <LoadingScreen />;
  return (
    <ul className="flex flex-col gap-3">
      {(list.data ?? []).map((r) => (
        <Row
          key={r.id}
          actions={
            r.status === 'pending' ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void resolve({ id: r.id, status: 'dismissed', removeItem: false })}
                >
                  Dismiss
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void resolve({ id: r.id, status: 'resolved', removeItem: false })}
                >
                  Resolve
                </Button>
                <DeleteButton
                  label="Remove item"
                  what="item"
                  onConfirm={() => void resolve({ id: r.id, status: 'resolved', removeItem: true })}
                />
              </>
            ) : (
              <Badge tone={r.status === 'resolved' ? 'green' : 'neutral'}>{r.status}</Badge>
            )
          }
        >
          <p className="font-semibold">
            <Link to={`/item/${r.item.id}`} className="hover:underline">
              {r.item.title}
            </Link>{' '}
            — {r.reason}
          </p>
          <p className="text-sm text-muted">
            Reported by {displayName(r.reporter)} on {formatDate(r.createdAt)}
          </p>
          {r.description && <p className="mt-1">{r.description}</p>}
        </Row>
      ))}
      {list.data?.length === 0 && <p className="text-muted">No reports. All quiet.</p>}
    </ul>
  );
}
