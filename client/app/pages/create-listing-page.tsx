import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.listing-form';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useCreateItem } from '../../features/items/api/items';
import { CommunityGuidelines } from '../../features/items/components/community-guidelines';
import { ItemForm } from '../../features/items/components/item-form';
import { ListingDebugPanel } from '../../features/items/components/listing-debug-panel';
import { type RefusedPhoto, refusedPhotoOf } from '../../features/items/components/photo-picker';
import {
  EMPTY_ITEM_FORM,
  type ItemFormValues,
  toCreatePayload,
} from '../../features/items/item-form-model';
import { addMessages } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useI18n } from '../../lib/use-i18n';

addMessages('listing-form', englishMessages);

export function CreateListingPage() {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateItem();
  const [refusedPhoto, setRefusedPhoto] = useState<RefusedPhoto>();

  if (!isSignedIn) {
    return (
      <Page narrow className="max-w-lg">
        <Card className="text-center">
          <Lock className="mx-auto size-10 text-brand-700" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold">{_('listingForm.signInTitle')}</h1>
          <p className="mt-2 text-muted">{_('listingForm.signInText')}</p>
          <Button asChild className="mt-6">
            <Link to="/auth">{_('listingForm.signIn')}</Link>
          </Button>
        </Card>
      </Page>
    );
  }

  const onSubmit = async (values: ItemFormValues) => {
    try {
      await create.mutateAsync(toCreatePayload(values));
      toast.success(_('listingForm.success'), { description: _('listingForm.listedText') });
      navigate('/');
    } catch (error) {
      setRefusedPhoto(refusedPhotoOf(error, values.images));
      const message = error instanceof Error ? error.message : '';
      if (message.includes('not allowed'))
        toast.error(_('listingForm.notAllowed'), { description: message });
      else
        toast.error(_('listingForm.error'), {
          description: message || _('listingForm.createFailed'),
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
      <PageTitle lead={_('listingForm.createLead')}>{_('listingForm.createTitle')}</PageTitle>
      <ItemForm
        defaultValues={EMPTY_ITEM_FORM}
        submitLabel={_('listingForm.createSubmit')}
        pendingLabel={_('listingForm.creating')}
        pending={create.isPending}
        onSubmit={onSubmit}
        refusedPhoto={refusedPhoto}
        aside={<CommunityGuidelines />}
        footer={(values) => (
          <>
            <Button asChild variant="outline" size="lg">
              <Link to="/">{_('listingForm.cancel')}</Link>
            </Button>
            <ListingDebugPanel values={values} />
          </>
        )}
      />
    </Page>
  );
}
