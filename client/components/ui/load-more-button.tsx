import { Button } from './button';

/** "Show earlier / older …": fetches the next page of a list's history (useHistoryPages). */
export function LoadMoreButton({
  label,
  loadingLabel,
  more,
}: {
  label: string;
  /** Shown while the page loads ("Loading...", translated by the caller). */
  loadingLabel: string;
  more: { show: () => void; pending: boolean };
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={more.show}
      disabled={more.pending}
      aria-busy={more.pending}
    >
      {more.pending ? loadingLabel : label}
    </Button>
  );
}
