import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.listing-form';
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
import { addMessages } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useI18n } from '../../lib/use-i18n';

addMessages('listing-form', englishMessages);

function NotFound() {
  const { _ } = useI18n();
  return (
    <Page narrow className="max-w-lg">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{_('listingForm.notFoundTitle')}</h1>
        <p className="mt-2 text-muted">{_('listingForm.notFoundText')}</p>
        <Button asChild className="mt-6">
          <Link to="/profile">{_('listingForm.backToMyItems')}</Link>
        </Button>
      </Card>
    </Page>
  );
}

/** The owner's listing, which the items policy says cannot be edited now (a swap holds it). */
function CannotEdit({ itemId, reason }: { itemId: number; reason: string }) {
  const { _ } = useI18n();
  return (
    <Page narrow className="max-w-lg">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{_('listingForm.cannotEdit')}</h1>
        <p className="mt-2 text-muted">{reason}</p>
        <Button asChild className="mt-6">
          <Link to={`/item/${itemId}`}>{_('listingForm.backToListing')}</Link>
        </Button>
      </Card>
    </Page>
  );
}

export function EditListingPage() {
  const { _ } = useI18n();
  const { id } = useParams();
  const { user } = useCurrentUser();
  const { data: item, isPending, isError } = useItem(id);
  const update = useUpdateItem(item?.id ?? 0);
  const navigate = useNavigate();
  const [refusedPhoto, setRefusedPhoto] = useState<RefusedPhoto>();

  if (isPending) return <LoadingScreen label={_('header.loading')} />;
  if (isError || !item || !hasOwnerActions(user ?? null, item)) return <NotFound />;
  const editing = canEditItem(user ?? null, item, FULL_ITEM_EDIT);
  if (!editing.ok) return <CannotEdit itemId={item.id} reason={editing.reason} />;

  const onSubmit = async (values: ItemFormValues) => {
    try {
      await update.mutateAsync(toUpdatePayload(values));
      toast.success(_('listingForm.success'), { description: _('listingForm.updatedText') });
      navigate(`/item/${item.id}`);
    } catch (error) {
      setRefusedPhoto(refusedPhotoOf(error, values.images));
      const message = error instanceof Error ? error.message : '';
      toast.error(_('listingForm.error'), {
        description: message || _('listingForm.updateFailed'),
      });
    }
  };

  return (
    <Page narrow>
      <div className="mb-4 flex gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">{_('listingForm.backHome')}</Link>
        </Button>
      </div>
      <PageTitle>{_('listingForm.editTitle')}</PageTitle>
      <ItemForm
        defaultValues={itemToFormValues(item)}
        submitLabel={_('listingForm.update')}
        pendingLabel={_('listingForm.updating')}
        pending={update.isPending}
        onSubmit={onSubmit}
        refusedPhoto={refusedPhoto}
        footer={() => (
          <Button asChild variant="outline" size="lg">
            <Link to={`/item/${item.id}`}>{_('listingForm.cancel')}</Link>
          </Button>
        )}
      />
    </Page>
  );
}
