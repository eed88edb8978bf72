import { Flag } from 'lucide-react';
import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.reports';
import { Button } from '../../../components/ui/button';
import { OnceOpened } from '../../../components/ui/once-opened';
import { addMessages } from '../../../lib/i18n';
import { lazyNamed } from '../../../lib/lazy-named';
import { prefetchOnApproach } from '../../../lib/prefetch';
import type { ReportFields } from './report-dialog';

addMessages('reports', englishMessages);

const loadDialog = () => import('./report-dialog');
const ReportDialog = lazyNamed(loadDialog, 'ReportDialog');

export type { ReportReason } from './report-dialog';

export type ReportButtonProps = ReportFields & {
  /** The button's words, e.g. "Report this listing". */
  label: string;
  size?: 'sm' | 'md';
};

/**
 * A ghost "Report …" button; its dialog's code (report-dialog.tsx) comes when the pointer or
 * focus reaches it, and the dialog opens on click.
 */
export function ReportButton({ label, size, ...dialog }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size={size}
        className="text-muted"
        aria-haspopup="dialog"
        {...prefetchOnApproach(loadDialog)}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-4" aria-hidden /> {label}
      </Button>
      <OnceOpened open={open}>
        <ReportDialog {...dialog} open={open} setOpen={setOpen} />
      </OnceOpened>
    </>
  );
}
