import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { type AdminUser, adminApi } from '../api/admin';
import { useModeration } from '../moderation';
import { FormActions } from './form-actions';

addMessages('admin', englishMessages);

export function EditMemberDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState({
    nickname: user.nickname ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const { _ } = useI18n();
  const save = useModeration(
    adminApi.editProfile,
    _('admin.profileUpdated'),
    _('admin.profileFailed'),
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
      title={_('admin.editMember', { name: displayName(user) })}
      description={user.email}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-3 overflow-y-auto">
        <Field
          label={_('admin.field.nickname')}
          value={values.nickname}
          onChange={set('nickname')}
        />
        <Field label={_('admin.field.bio')} value={values.bio} onChange={set('bio')} />
        <Field
          label={_('admin.field.location')}
          value={values.location}
          onChange={set('location')}
        />
        <Field
          label={_('admin.field.picture')}
          value={values.profileImageUrl}
          onChange={set('profileImageUrl')}
        />
        <FormActions onCancel={onClose} />
      </form>
    </Modal>
  );
}
