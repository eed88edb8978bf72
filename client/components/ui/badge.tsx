import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  neutral: 'bg-stone-100 text-stone-800',
  brand: 'bg-brand-50 text-brand-800',
  amber: 'bg-amber-100 text-amber-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-blue-100 text-blue-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  /** Solid: stands out on a photo and beside the pale tones (ink on amber, 8.9:1). */
  accent: 'bg-accent text-ink',
} as const;

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
