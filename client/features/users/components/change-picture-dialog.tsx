import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { PRESET_AVATARS } from '../../../../shared/avatar';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { compressImage, LISTING_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/users';

export function ChangePictureDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string | null;
}) {
  const update = useUpdateProfile();
  const [processing, setProcessing] = useState(false);
  const inputId = useId();

  const save = async (profileImageUrl: string) => {
    try {
      await update.mutateAsync({ profileImageUrl });
      toast.success('Profile picture updated successfully');
      onOpenChange(false);
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Upload failed', { description: 'Please choose an image file.' });
      return;
    }
    setProcessing(true);
    try {
      await save(await compressImage(file, LISTING_PHOTO));
    } catch {
      toast.error('Upload failed', { description: 'Please try again with a different image.' });
    } finally {
      setProcessing(false);
    }
  };

  const busy = processing || update.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Change Profile Picture"
      description="Pick an emoji or upload a photo."
    >
      <fieldset className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        <legend className="sr-only">Emoji avatars</legend>
        {PRESET_AVATARS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            onClick={() => save(emoji)}
            disabled={busy}
            aria-label={`Use ${emoji} as your picture`}
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
        {processing ? 'Uploading...' : 'Upload a photo'}
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
