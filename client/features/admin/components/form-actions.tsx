import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Button } from '../../../components/ui/button';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('admin', englishMessages);

export function FormActions({ onCancel }: { onCancel: () => void }) {
  const { _ } = useI18n();
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        {_('admin.cancel')}
      </Button>
      <Button type="submit">{_('admin.saveChanges')}</Button>
    </div>
  );
}
