import type { ReactNode } from 'react';

export function ModerationRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">{children}</div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}
