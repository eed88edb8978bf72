import { Button } from '../../../components/ui/button';

export function FormActions({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">Save Changes</Button>
    </div>
  );
}
