import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import { thumbnailOf } from '../../../../shared/item-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { Modal } from '../../../components/ui/modal';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ItemImage } from '../../items/components/item-image';

addMessages('offers', englishMessages);

/** SPEC §3: a custom offer shows up to this many thumbnails, then '+n'. */
const THUMBNAILS_SHOWN = 3;

/**
 * SPEC §3's custom offer: its description and up to three thumbnails plus '+n'; clicking opens a
 * details dialog with the description and every image.
 */
export function CustomOffer({ request }: { request: SwapRequest }) {
  const [open, setOpen] = useState(false);
  const { _ } = useI18n();
  const images = request.offerImages;
  if (!request.offerDescription && images.length === 0)
    return <p className="text-sm text-muted">{_('offers.custom.none')}</p>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full flex-col gap-2 rounded-xl text-start hover:bg-stone-50"
      >
        {request.offerDescription && (
          <p className="line-clamp-2 text-sm">{request.offerDescription}</p>
        )}
        {images.length > 0 && (
          <span className="flex gap-1.5">
            {images.slice(0, THUMBNAILS_SHOWN).map((url) => (
              <ItemImage
                key={url}
                src={thumbnailOf(url)}
                alt=""
                className="size-12 rounded-lg"
                width={48}
                height={48}
              />
            ))}
            {images.length > THUMBNAILS_SHOWN && (
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-stone-100 text-sm font-semibold">
                +{images.length - THUMBNAILS_SHOWN}
              </span>
            )}
          </span>
        )}
        <span className="text-xs font-medium text-brand-700">{_('offers.custom.view')}</span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title={_('offers.custom.title')}>
        <div className="flex flex-col gap-3 overflow-y-auto">
          <p className="whitespace-pre-line">
            {request.offerDescription || _('offers.custom.noDescription')}
          </p>
          {images.map((url, i) => (
            <ItemImage
              key={url}
              src={url}
              alt={_('offers.custom.picture', { number: i + 1 })}
              className="aspect-[4/3] w-full rounded-xl bg-stone-50"
              fit="contain"
              width={400}
              height={300}
              sizes="(min-width: 640px) 400px, 90vw"
            />
          ))}
        </div>
      </Modal>
    </>
  );
}
