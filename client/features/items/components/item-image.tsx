import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** A picture that hides itself when broken (SPEC §8), showing the 'No image' placeholder instead. */
export function ItemImage({
  src,
  alt,
  className,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-1 bg-stone-100 text-sm text-muted',
          className,
        )}
      >
        <ImageOff className="size-6" aria-hidden />
        No image
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setBroken(true)}
      className={cn('object-cover', className)}
    />
  );
}
