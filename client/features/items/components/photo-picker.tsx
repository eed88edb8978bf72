import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing-form';
import { MAX_ITEM_IMAGES, thumbnailOf } from '../../../../shared/item-display';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { compressImage, LISTING_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';

addMessages('listing-form', englishMessages);

/** A photo the server refused (issue 40 §3: a blocked photo), by its data URL or address. */
export type RefusedPhoto = { src: string; message: string };

/**
 * The photo a failed save refused: the server names its index in the `images` sent (`photo`).
 * Undefined for any other failure.
 */
export function refusedPhotoOf(error: unknown, images: string[]): RefusedPhoto | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const { photo } = error.fields;
  const src = typeof photo === 'number' ? images[photo] : undefined;
  return src === undefined ? undefined : { src, message: error.message };
}

/**
 * Photos as data URLs (new) or image URLs (kept); scaled in the browser before upload (SPEC §5).
 * `refused`: the server's reason shown on that photo until it is removed.
 */
export function PhotoPicker({
  value,
  onChange,
  refused,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  refused?: RefusedPhoto | undefined;
}) {
  const { _ } = useI18n();
  const [processing, setProcessing] = useState(false);
  const inputId = useId();
  const refusedId = useId();

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].filter((file) => file.type.startsWith('image/'));
    event.target.value = '';
    if (files.length === 0) return;
    if (value.length + files.length > MAX_ITEM_IMAGES) {
      toast.error(_('listingForm.tooManyImages'), {
        description: _('listingForm.tooManyImagesText', { max: MAX_ITEM_IMAGES }),
      });
      return;
    }
    setProcessing(true);
    try {
      const added: string[] = [];
      for (const file of files) added.push(await compressImage(file, LISTING_PHOTO));
      onChange([...value, ...added]);
    } catch {
      toast.error(_('listingForm.uploadFailed'), {
        description: _('listingForm.uploadFailedText'),
      });
    } finally {
      setProcessing(false);
    }
  };

  const full = value.length >= MAX_ITEM_IMAGES;
  return (
    <div>
      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {_('listingForm.photoCount', { count: value.length, max: MAX_ITEM_IMAGES })}
      </p>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {value.map((src, index) => {
          const refusal = refused?.src === src ? refused.message : undefined;
          return (
            <li key={src} className="relative">
              <img
                src={src.startsWith('data:') ? src : thumbnailOf(src)}
                width={120}
                height={120}
                alt={_('listingForm.uploadAlt', { index: index + 1, count: value.length })}
                aria-describedby={refusal ? refusedId : undefined}
                className={cn(
                  'aspect-square w-full rounded-xl border border-line object-cover',
                  refusal && 'border-2 border-danger',
                )}
              />
              {refusal && (
                <p id={refusedId} role="alert" className="mt-1 text-sm font-medium text-danger">
                  {refusal}
                </p>
              )}
              <button
                type="button"
                onClick={() => onChange(value.filter((__, i) => i !== index))}
                aria-label={_('listingForm.removePhoto', { index: index + 1 })}
                className="absolute -end-2 -top-2 inline-flex size-7 items-center justify-center rounded-full border border-line bg-white shadow"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
        {!full && (
          <li>
            <label
              htmlFor={inputId}
              className="flex aspect-square w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-line text-sm font-medium text-muted hover:border-brand-600 hover:text-brand-800 has-[:disabled]:cursor-wait has-[:disabled]:opacity-60"
            >
              <ImagePlus className="size-6" aria-hidden />
              {processing ? _('listingForm.processing') : _('listingForm.addPhotos')}
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                onChange={onFiles}
                disabled={processing}
              />
            </label>
          </li>
        )}
      </ul>
    </div>
  );
}
