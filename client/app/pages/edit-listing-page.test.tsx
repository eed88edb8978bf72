import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_NOT_ALLOWED } from '../../../shared/blocked-images';
import { fakeApi, member } from '../../testing/fake-api';
import { ownedListing } from '../../testing/items';
import { renderWithProviders } from '../../testing/render';
import { EditListingPage } from './edit-listing-page';

afterEach(() => vi.unstubAllGlobals());

const KEPT = '/api/images/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER = '/api/images/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('EditListingPage: a refused photo (issue 40 §3)', () => {
  it('shows the server’s 400 message on the photo it names', async () => {
    const item = ownedListing(5, 'Banjo', member.id, {
      images: [KEPT, OTHER],
      condition: 'good',
      categoryId: 7,
    });
    const calls = fakeApi({
      'GET /api/auth/user': member,
      'GET /api/categories': [{ id: 7, name: 'Music', description: null }],
      'GET /api/items/5': item,
      'PUT /api/items/5': { status: 400, body: { message: PHOTO_NOT_ALLOWED, photo: 1 } },
    });
    renderWithProviders(<EditListingPage />, { path: '/edit-item/5', route: '/edit-item/:id' });
    // Here (happy-dom) the form's selects read empty until chosen, so choose them.
    await screen.findByRole('option', { name: 'Music' });
    await userEvent.selectOptions(screen.getByLabelText('Category *'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Condition *'), 'good');
    await userEvent.click(screen.getByRole('button', { name: 'Update Listing' }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain('PUT /api/items/5'));
    expect(await screen.findByRole('img', { name: 'Upload 2 of 2' })).toHaveAccessibleDescription(
      'This photo is not allowed',
    );
    expect(screen.getByRole('img', { name: 'Upload 1 of 2' })).not.toHaveAccessibleDescription();
  });
});
