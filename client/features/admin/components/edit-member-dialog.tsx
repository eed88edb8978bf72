import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { displayName } from '../../../lib/format';
import { type AdminUser, adminApi } from '../api/admin';
import { useModeration } from '../moderation';
import { FormActions } from './form-actions';

export function EditMemberDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
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
