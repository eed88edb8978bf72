import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ListingOwnerActions } from './listing-owner-actions';

afterEach(() => vi.unstubAllGlobals());

describe('ListingOwnerActions', () => {
  it('links to the edit form and deletes the listing once confirmed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'DELETE /api/items/7': { status: 204 } });
    const onDeleted = vi.fn();
    renderWithProviders(
      <ListingOwnerActions
        itemId={7}
        confirmTitle="Delete this listing?"
        className="flex gap-2"
        onDeleted={onDeleted}
      />,
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-listing/7');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this listing?' });
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete listing' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('Item deleted successfully')).toBeInTheDocument();
    expect(calls).toEqual([{ route: 'DELETE /api/items/7', body: undefined }]);
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('says why a delete failed and stays', async () => {
    const user = userEvent.setup();
    fakeApi({ 'DELETE /api/items/7': { status: 403, body: { message: 'Not your listing' } } });
    const onDeleted = vi.fn();
    renderWithProviders(
      <ListingOwnerActions
        itemId={7}
        confirmTitle="Delete “Lamp”?"
        size="sm"
        className="flex gap-2"
        onDeleted={onDeleted}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('Not your listing')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
