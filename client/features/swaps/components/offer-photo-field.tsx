import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { addMessages, currentTranslator } from '../../../lib/i18n';
import { compressImage, OFFER_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';

addMessages('offer-dialogs', englishMessages);

/** SPEC §5: the one optional photo of an offer, scaled and compressed as it is chosen. */
export function useOfferPhoto() {
  const [image, setImage] = useState<string>();
  const [processing, setProcessing] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProcessing(true);
    // The toasts outlive the render: the language in use when they are shown.
    const { _ } = currentTranslator();
    try {
      if (!file.type.startsWith('image/')) throw new Error('not an image');
      setImage(await compressImage(file, OFFER_PHOTO));
      toast.success(_('photo.uploaded'), { description: _('photo.uploadedText') });
    } catch {
      toast.error(_('photo.failed'), { description: _('photo.failedText') });
    } finally {
      setProcessing(false);
    }
  };

  return { image, processing, onFile, clear: () => setImage(undefined) };
}

export type OfferPhoto = ReturnType<typeof useOfferPhoto>;

/** "Photo of your offer (Optional)": the photo chosen with a remove button, or a file picker. */
export function OfferPhotoField({ photo }: { photo: OfferPhoto }) {
  const inputId = useId();
  const { _ } = useI18n();
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium">{_('photo.label')}</span>
      {photo.image ? (
        <div className="relative w-fit">
          <img
            src={photo.image}
            alt={_('photo.alt')}
            width={112}
            height={112}
            className="size-28 rounded-xl object-cover"
          />
          <button
            type="button"
            onClick={photo.clear}
            aria-label={_('photo.remove')}
            className="absolute -end-2 -top-2 inline-flex size-7 items-center justify-center rounded-full bg-white shadow"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className="flex w-fit cursor-pointer items-center gap-2 rounded-xl border border-dashed border-line px-4 py-3 text-sm font-medium hover:border-brand-600 has-[:disabled]:cursor-wait has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          <ImagePlus className="size-5 text-brand-700" aria-hidden />
          {photo.processing ? _('photo.processing') : _('photo.add')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={photo.onFile}
            disabled={photo.processing}
          />
        </label>
      )}
    </div>
  );
}
