import { type FormEvent, useState } from 'react';
import type { Item } from '../../../../shared/items';
import { Field, inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { adminApi } from '../api/admin';
import { useModeration } from '../moderation';
import { FormActions } from './form-actions';

export function EditItemDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const [values, setValues] = useState({
    title: item.title,
    description: item.description,
    wantedItems: item.wantedItems ?? '',
  });
  const save = useModeration(adminApi.editItem, 'Item updated', 'Failed to update item');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ id: item.id, ...values })) onClose();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit item">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 overflow-y-auto">
        <Field
          label="Title"
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
        />
        <label className="text-sm font-medium">
          Description
          <textarea
            rows={4}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            className={cn(inputClass, 'mt-1.5 h-auto py-2 font-normal')}
          />
        </label>
        <Field
          label="Wanted items"
          value={values.wantedItems}
          onChange={(e) => setValues((v) => ({ ...v, wantedItems: e.target.value }))}
        />
        <FormActions onCancel={onClose} />
      </form>
    </Modal>
  );
}
