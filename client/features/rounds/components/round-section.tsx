import { type ReactNode, useId } from 'react';

/** A part of the round page under its own heading, which names it for screen readers. */
export function RoundSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
