import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { compressImage, OFFER_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';

/** SPEC §5: the one optional photo of an offer, scaled and compressed as it is chosen. */
export function useOfferPhoto() {
  const [image, setImage] = useState<string>();
  const [processing, setProcessing] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProcessing(true);
    try {
      if (!file.type.startsWith('image/')) throw new Error('not an image');
      setImage(await compressImage(file, OFFER_PHOTO));
      toast.success('Image uploaded', {
        description: 'Your image is ready to send with the offer.',
      });
    } catch {
      toast.error('Upload failed', { description: 'Please try again with a different image.' });
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
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium">Photo of your offer (Optional)</span>
      {photo.image ? (
        <div className="relative w-fit">
          <img
            src={photo.image}
            alt="Your offer"
            width={112}
            height={112}
            className="size-28 rounded-xl object-cover"
          />
          <button
            type="button"
            onClick={photo.clear}
            aria-label="Remove photo"
            className="absolute -right-2 -top-2 inline-flex size-7 items-center justify-center rounded-full bg-white shadow"
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
          {photo.processing ? 'Processing...' : 'Add a photo'}
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
