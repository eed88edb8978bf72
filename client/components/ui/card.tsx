import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-(--radius-card) border border-line bg-white p-6 shadow-sm', className)}
      {...props}
    />
  );
}
