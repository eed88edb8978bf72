import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Page({
  children,
  className,
  narrow,
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-8 sm:px-6 sm:py-12',
        narrow ? 'max-w-3xl' : 'max-w-7xl',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold sm:text-4xl">{children}</h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
    </header>
  );
}
