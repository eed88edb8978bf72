import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export function DeleteButton({
  what,
  onConfirm,
  label = 'Delete',
}: {
  what: string;
  onConfirm: () => void;
  label?: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-danger">
          <Trash2 className="size-4" aria-hidden /> {label}
        </Button>
      }
      title={`Delete this ${what}?`}
      text="This cannot be undone."
      confirmLabel={`Delete ${what}`}
      onConfirm={onConfirm}
    />
  );
}
