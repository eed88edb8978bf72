import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.problems';
import { Button } from '../../../components/ui/button';
import { OnceOpened } from '../../../components/ui/once-opened';
import { addMessages } from '../../../lib/i18n';
import { lazyNamed } from '../../../lib/lazy-named';
import { prefetchOnApproach } from '../../../lib/prefetch';
import { useI18n } from '../../../lib/use-i18n';
import type { ProblemReportTarget } from './report-problem-dialog';

addMessages('problems', englishMessages);

const loadDialog = () => import('./report-problem-dialog');
const ReportProblemDialog = lazyNamed(loadDialog, 'ReportProblemDialog');

export type ReportProblemButtonProps = ProblemReportTarget & { size?: 'sm' | 'md' };

/**
 * "Report a problem" after a swap or a circle: the button on every finished offer card and
 * circle; the form's code (report-problem-dialog.tsx) comes when the pointer or focus reaches
 * it, and opens on click.
 */
export function ReportProblemButton({ size = 'sm', ...dialog }: ReportProblemButtonProps) {
  const { _ } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        aria-haspopup="dialog"
        {...prefetchOnApproach(loadDialog)}
        onClick={() => setOpen(true)}
      >
        <AlertTriangle className="size-4" aria-hidden /> {_('problem.report')}
      </Button>
      <OnceOpened open={open}>
        <ReportProblemDialog {...dialog} open={open} setOpen={setOpen} />
      </OnceOpened>
    </>
  );
}
