import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` from the first time `open` is true on, and keeps them: a dialog stays
 * mounted after closing, so it can animate out and hand focus back. With a `lazy` dialog inside,
 * its code is fetched on that first open only, which keeps a page's JavaScript within budget.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
