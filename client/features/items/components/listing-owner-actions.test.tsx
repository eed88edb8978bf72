import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESERVED_LISTING } from '../../../../shared/policies/items';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ListingOwnerActions } from './listing-owner-actions';

afterEach(() => vi.unstubAllGlobals());

const owner = { id: 'owner-1', isAdmin: false };
const lamp = { id: 7, userId: owner.id, isActive: true, isReserved: false };

describe('ListingOwnerActions', () => {
  it('links to the edit form and deletes the listing once confirmed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'DELETE /api/items/7': { status: 204 } });
    const onDeleted = vi.fn();
    renderWithProviders(
      <ListingOwnerActions
        item={lamp}
        viewer={owner}
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
        item={lamp}
        viewer={owner}
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

  it('shows Edit and Delete disabled, with the reason, while a swap holds the listing', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({});
    renderWithProviders(
      <ListingOwnerActions
        item={{ ...lamp, isReserved: true }}
        viewer={owner}
        confirmTitle="Delete this listing?"
        className="flex gap-2"
      />,
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Edit' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    for (const button of [edit, remove]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(RESERVED_LISTING);
    }
    expect(screen.getByText(RESERVED_LISTING)).toBeInTheDocument();
    await user.click(remove);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows nothing to anyone but the owner', () => {
    renderWithProviders(
      <>
        <ListingOwnerActions item={lamp} viewer={null} confirmTitle="x" className="flex" />
        <ListingOwnerActions
          item={{ ...lamp, isReserved: true }}
          viewer={{ id: 'admin-1', isAdmin: true }}
          confirmTitle="x"
          className="flex"
        />
      </>,
    );
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByText(RESERVED_LISTING)).not.toBeInTheDocument();
  });
});
