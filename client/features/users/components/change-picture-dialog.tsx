import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { PRESET_AVATARS } from '../../../../shared/avatar';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { compressImage, LISTING_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useUpdateProfile } from '../api/users';

addMessages('profile', englishMessages);

export function ChangePictureDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string | null;
}) {
  const { _ } = useI18n();
  const update = useUpdateProfile();
  const [processing, setProcessing] = useState(false);
  const inputId = useId();

  const save = async (profileImageUrl: string) => {
    try {
      await update.mutateAsync({ profileImageUrl });
      toast.success(_('profile.pictureUpdated'));
      onOpenChange(false);
    } catch (error) {
      toast.error(_('profile.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(_('profile.uploadFailed'), { description: _('profile.chooseImage') });
      return;
    }
    setProcessing(true);
    try {
      await save(await compressImage(file, LISTING_PHOTO));
    } catch {
      toast.error(_('profile.uploadFailed'), { description: _('profile.tryAnotherImage') });
    } finally {
      setProcessing(false);
    }
  };

  const busy = processing || update.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('profile.pictureTitle')}
      description={_('profile.pictureText')}
    >
      <fieldset className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        <legend className="sr-only">{_('profile.emojiAvatars')}</legend>
        {PRESET_AVATARS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            onClick={() => save(emoji)}
            disabled={busy}
            aria-label={_('profile.useEmoji', { emoji })}
            aria-pressed={current === emoji}
            className={cn(
              'flex aspect-square items-center justify-center rounded-xl border text-2xl hover:bg-brand-50 disabled:opacity-50',
              current === emoji ? 'border-brand-700 bg-brand-50' : 'border-line',
            )}
          >
            {emoji}
          </button>
        ))}
      </fieldset>
      <label
        htmlFor={inputId}
        className="mt-4 flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-line p-4 font-medium hover:border-brand-600 has-[:disabled]:cursor-wait has-[:disabled]:opacity-60"
      >
        <Upload className="size-5 text-brand-700" aria-hidden />
        {processing ? _('profile.uploading') : _('profile.uploadPhoto')}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={onFile}
          disabled={busy}
        />
      </label>
    </Modal>
  );
}
