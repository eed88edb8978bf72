import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import {
  BIO_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
} from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useUpdateProfile } from '../api/users';

addMessages('profile', englishMessages);

export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: ClientUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { _ } = useI18n();
  const update = useUpdateProfile();
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [location, setLocation] = useState(user.location ?? '');
  const [error, setError] = useState<string>();
  const bioId = useId();

  useEffect(() => {
    if (!open) return;
    setNickname(user.nickname ?? '');
    setBio(user.bio ?? '');
    setLocation(user.location ?? '');
    setError(undefined);
  }, [open, user]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nickname.trim()) {
      setError(_('profile.nicknameRequired'));
      return;
    }
    try {
      await update.mutateAsync({ nickname: nickname.trim(), bio, location });
      toast.success(_('profile.updated'));
      onOpenChange(false);
    } catch (failure) {
      toast.error(_('profile.error'), {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={_('profile.editTitle')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={_('profile.nickname')}
          value={nickname}
          maxLength={NICKNAME_MAX_LENGTH}
          onChange={(e) => setNickname(e.target.value)}
          error={error}
        />
        <div>
          <label htmlFor={bioId} className="mb-1.5 block text-sm font-medium">
            {_('profile.bio')}
          </label>
          <textarea
            id={bioId}
            rows={4}
            value={bio}
            maxLength={BIO_MAX_LENGTH}
            onChange={(e) => setBio(e.target.value)}
            className={cn(inputClass, 'h-auto py-2')}
          />
          <p className="mt-1 text-end text-xs text-muted">
            {bio.length}/{BIO_MAX_LENGTH}
          </p>
        </div>
        <Field
          label={_('profile.location')}
          value={location}
          maxLength={LOCATION_MAX_LENGTH}
          onChange={(e) => setLocation(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {_('profile.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? _('profile.saving') : _('profile.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
