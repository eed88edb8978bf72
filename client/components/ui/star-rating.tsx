import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Five stars filled to the average (to the half), with the figure for screen readers. */
export function StarRating({
  value,
  count,
  size = 16,
  className,
}: {
  value: number;
  count?: number;
  size?: number;
  className?: string;
}) {
  const rounded = Math.round(value * 2) / 2;
  const label =
    count === undefined
      ? `Rated ${value.toFixed(1)} out of 5`
      : `Rated ${value.toFixed(1)} out of 5 from ${count} review${count === 1 ? '' : 's'}`;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span className="inline-flex" role="img" aria-label={label}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="relative inline-block" style={{ width: size, height: size }}>
            <Star
              className="absolute inset-0 text-stone-300"
              style={{ width: size, height: size }}
              aria-hidden
            />
            {rounded >= n - 0.5 && (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: rounded >= n ? size : size / 2 }}
              >
                <Star
                  className="fill-amber-400 text-amber-500"
                  style={{ width: size, height: size }}
                  aria-hidden
                />
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="text-sm text-muted" aria-hidden>
        {value.toFixed(1)}
        {count !== undefined && ` (${count})`}
      </span>
    </span>
  );
}
