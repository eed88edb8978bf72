import { Trash2 } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('admin', englishMessages);

/** Delete with a confirmation that names what goes (admin.deleteTitle's select). */
export function DeleteButton({
  what,
  onConfirm,
  label,
}: {
  what: 'item' | 'feedback' | 'message';
  onConfirm: () => void;
  label?: string;
}) {
  const { _ } = useI18n();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-danger">
          <Trash2 className="size-4" aria-hidden /> {label ?? _('admin.delete')}
        </Button>
      }
      title={_('admin.deleteTitle', { what })}
      text={_('admin.deleteText')}
      confirmLabel={_('admin.deleteConfirm', { what })}
      onConfirm={onConfirm}
    />
  );
}
