import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockedImage } from '../../../../shared/blocked-images';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { BlockedPhotosTab } from './blocked-photos-tab';
import { ListingPhotos } from './listing-photos';

afterEach(() => vi.unstubAllGlobals());

const PHOTO = '/api/images/11111111-1111-4111-8111-111111111111';

describe('ListingPhotos (issue 40 §3)', () => {
  it('blocks one photo of a listing after a confirmation, by the address the API shows', async () => {
    const calls = fakeApi({
      'POST /api/admin/blocked-images': {
        status: 201,
        body: { id: 1, imageUrl: PHOTO, item: { id: 3, title: 'Bike' }, createdAt: '' },
      },
    });
    renderWithProviders(<ListingPhotos title="Bike" images={['/api/images/other', PHOTO]} />);
    const photos = screen.getByRole('list', { name: 'Photos of “Bike”' });
    expect(within(photos).getByRole('img', { name: '2 of 2, “Bike”' })).toHaveAttribute(
      'src',
      `${PHOTO}/thumb`,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Block this photo (photo 2 of “Bike”)' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Block this photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block photo' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        route: 'POST /api/admin/blocked-images',
        body: { imageUrl: PHOTO },
      }),
    );
  });

  it('shows nothing for a listing without photos', () => {
    fakeApi({});
    renderWithProviders(<ListingPhotos title="Bike" images={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('BlockedPhotosTab', () => {
  const blocked: BlockedImage[] = [
    { id: 2, imageUrl: PHOTO, item: { id: 3, title: 'Bike' }, createdAt: '2026-11-20T10:00:00Z' },
    { id: 1, imageUrl: '/api/images/gone', item: null, createdAt: '2026-11-19T10:00:00Z' },
  ];

  it('lists the blocked photos with their listing, and unblocks one', async () => {
    const calls = fakeApi({
      'GET /api/admin/blocked-images': () => blocked,
      'DELETE /api/admin/blocked-images/2': () => {
        blocked.shift();
        return { message: 'Photo unblocked' };
      },
    });
    renderWithProviders(<BlockedPhotosTab />);
    expect(await screen.findByRole('link', { name: 'Bike' })).toHaveAttribute('href', '/item/3');
    expect(screen.getByText('From a listing since removed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Blocked, from “Bike”' })).toHaveAttribute(
      'src',
      `${PHOTO}/thumb`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unblock blocked photo 1' }));
    await waitFor(() =>
      expect(calls.map((c) => c.route)).toContain('DELETE /api/admin/blocked-images/2'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Bike' })).not.toBeInTheDocument(),
    );
  });

  it('says when nothing is blocked', async () => {
    fakeApi({ 'GET /api/admin/blocked-images': [] });
    renderWithProviders(<BlockedPhotosTab />);
    expect(await screen.findByText('No blocked photos.')).toBeInTheDocument();
  });
});
