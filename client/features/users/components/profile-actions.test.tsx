import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { fakeApi, member } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import type { ProfileView } from '../profile-view';
import { ProfileActions } from './profile-actions';

afterEach(() => vi.unstubAllGlobals());

const viewer = { ...member, updatedAt: member.createdAt } as ClientUser;
const view = (fields: Partial<ProfileView>): ProfileView => ({
  id: 'u2',
  person: {
    ...member,
    id: 'u2',
    nickname: 'grace',
    reliability: {
      responseRate: null,
      typicalResponseMinutes: null,
      offersCounted: 0,
      completedSwaps: 0,
      completedCircles: 0,
      problemsOpen: 0,
      problemsUpheld: 0,
    },
    home: null,
  },
  name: 'grace',
  viewer: null,
  own: null,
  rating: { averageRating: 0, totalRatings: 0 },
  reviews: [],
  listings: [],
  activeListings: 0,
  totalSwaps: 0,
  ...fields,
});

describe('ProfileActions', () => {
  it('offers a signed-in member "Report this member" on someone else’s profile', () => {
    fakeApi({ 'GET /api/swap-requests': [] });
    renderWithProviders(<ProfileActions view={view({ viewer })} />);
    expect(screen.getByRole('button', { name: 'Report this member' })).toBeInTheDocument();
  });

  it('not to a visitor, and not on one’s own profile, which links the notification settings', () => {
    fakeApi({ 'GET /api/swap-requests': [] });
    const { unmount } = renderWithProviders(<ProfileActions view={view({})} />);
    expect(screen.queryByRole('button', { name: 'Report this member' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ProfileActions view={view({ id: 'u1', viewer, own: viewer })} />);
    expect(screen.queryByRole('button', { name: 'Report this member' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications and alerts' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });
});
