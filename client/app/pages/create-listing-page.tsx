import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { toast } from '../../lib/toast';

export function CreateListingPage() {
  const { isSignedIn } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateItem();
  const [refusedPhoto, setRefusedPhoto] = useState<RefusedPhoto>();

  if (!isSignedIn) {
    return (
      <Page narrow className="max-w-lg">
        <Card className="text-center">
          <Lock className="mx-auto size-10 text-brand-700" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold">Sign In Required</h1>
          <p className="mt-2 text-muted">You need to sign in to list items for swap.</p>
          <Button asChild className="mt-6">
            <Link to="/auth">Sign In</Link>
          </Button>
        </Card>
      </Page>
    );
  }

  const onSubmit = async (values: ItemFormValues) => {
    try {
      await create.mutateAsync(toCreatePayload(values));
      toast.success('Success!', { description: 'Your item has been listed successfully.' });
      navigate('/');
    } catch (error) {
      setRefusedPhoto(refusedPhotoOf(error, values.images));
      const message = error instanceof Error ? error.message : '';
      if (message.includes('not allowed'))
        toast.error('Item Not Allowed', { description: message });
      else toast.error('Error', { description: message || 'Failed to create listing' });
    }
  };

  return (
    <Page narrow>
      <div className="mb-4 flex gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
      <PageTitle lead="Tell people what you have and what you would like for it.">
        List an Item
      </PageTitle>
      <ItemForm
        defaultValues={EMPTY_ITEM_FORM}
        submitLabel="LIST MY ITEM FOR SWAP"
        pendingLabel="Creating Your Listing..."
        pending={create.isPending}
        onSubmit={onSubmit}
        refusedPhoto={refusedPhoto}
        aside={<CommunityGuidelines />}
        footer={(values) => (
          <>
            <Button asChild variant="outline" size="lg">
              <Link to="/">Cancel</Link>
            </Button>
            <ListingDebugPanel values={values} />
          </>
        )}
      />
    </Page>
  );
}
