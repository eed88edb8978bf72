import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canEditItem, FULL_ITEM_EDIT, hasOwnerActions } from '../../../shared/policies/items';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useItem, useUpdateItem } from '../../features/items/api/items';
import { ItemForm } from '../../features/items/components/item-form';
import { type RefusedPhoto, refusedPhotoOf } from '../../features/items/components/photo-picker';
import {
  type ItemFormValues,
  itemToFormValues,
  toUpdatePayload,
} from '../../features/items/item-form-model';
import { toast } from '../../lib/toast';

function NotFound() {
  return (
    <Page narrow className="max-w-lg">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">Item Not Found</h1>
        <p className="mt-2 text-muted">
          This item does not exist, or you do not have permission to edit it.
        </p>
        <Button asChild className="mt-6">
          <Link to="/profile">Back to My Items</Link>
        </Button>
      </Card>
    </Page>
  );
}

/** The owner's listing, which the items policy says cannot be edited now (a swap holds it). */
function CannotEdit({ itemId, reason }: { itemId: number; reason: string }) {
  return (
    <Page narrow className="max-w-lg">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">This listing cannot be edited now</h1>
        <p className="mt-2 text-muted">{reason}</p>
        <Button asChild className="mt-6">
          <Link to={`/item/${itemId}`}>Back to the listing</Link>
        </Button>
      </Card>
    </Page>
  );
}

export function EditListingPage() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  const { data: item, isPending, isError } = useItem(id);
  const update = useUpdateItem(item?.id ?? 0);
  const navigate = useNavigate();
  const [refusedPhoto, setRefusedPhoto] = useState<RefusedPhoto>();

  if (isPending) return <LoadingScreen />;
  if (isError || !item || !hasOwnerActions(user ?? null, item)) return <NotFound />;
  const editing = canEditItem(user ?? null, item, FULL_ITEM_EDIT);
  if (!editing.ok) return <CannotEdit itemId={item.id} reason={editing.reason} />;

  const onSubmit = async (values: ItemFormValues) => {
    try {
      await update.mutateAsync(toUpdatePayload(values));
      toast.success('Success!', { description: 'Your listing has been updated.' });
      navigate(`/item/${item.id}`);
    } catch (error) {
      setRefusedPhoto(refusedPhotoOf(error, values.images));
      const message = error instanceof Error ? error.message : '';
      toast.error('Error', {
        description: message || 'Failed to update listing. Please try again.',
      });
    }
  };

  return (
    <Page narrow>
      <div className="mb-4 flex gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
      <PageTitle>Edit Listing</PageTitle>
      <ItemForm
        defaultValues={itemToFormValues(item)}
        submitLabel="Update Listing"
        pendingLabel="Updating..."
        pending={update.isPending}
        onSubmit={onSubmit}
        refusedPhoto={refusedPhoto}
        footer={() => (
          <Button asChild variant="outline" size="lg">
            <Link to={`/item/${item.id}`}>Cancel</Link>
          </Button>
        )}
      />
    </Page>
  );
}
