import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import type { Item } from '../../../../shared/items';
import { Field, inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi } from '../api/admin';
import { useModeration } from '../moderation';
import { FormActions } from './form-actions';

addMessages('admin', englishMessages);

export function EditItemDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const [values, setValues] = useState({
    title: item.title,
    description: item.description,
    wantedItems: item.wantedItems ?? '',
  });
  const { _ } = useI18n();
  const save = useModeration(
    adminApi.editItem,
    _('admin.itemUpdated'),
    _('admin.itemUpdateFailed'),
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ id: item.id, ...values })) onClose();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={_('admin.editItem')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 overflow-y-auto">
        <Field
          label={_('admin.field.title')}
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
        />
        <label className="text-sm font-medium">
          {_('admin.field.description')}
          <textarea
            rows={4}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            className={cn(inputClass, 'mt-1.5 h-auto py-2 font-normal')}
          />
        </label>
        <Field
          label={_('admin.field.wanted')}
          value={values.wantedItems}
          onChange={(e) => setValues((v) => ({ ...v, wantedItems: e.target.value }))}
        />
        <FormActions onCancel={onClose} />
      </form>
    </Modal>
  );
}
