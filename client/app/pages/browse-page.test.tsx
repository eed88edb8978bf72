import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../shared/items';
import { CARDS_PER_STEP } from '../../features/items/components/item-card';
import { fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { BrowsePage } from './browse-page';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, distanceKm?: number): Item => ({
  id,
  title: `Bike ${id}`,
  description: 'Road bike',
  categoryId: null,
  category: null,
  condition: 'good',
  images: [],
  userId: 'u2',
  user: {
    id: 'u2',
    nickname: 'grace',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    isMember: true,
    averageRating: 0,
    totalRatings: 0,
  },
  wantedItems: null,
  estimatedValue: null,
  isOpenToOffers: true,
  mode: 'swap',
  fairChanceHours: null,
  requestsOpenUntil: null,
  location: 'York',
  area: null,
  ...(distanceKm === undefined ? {} : { distanceKm }),
  isActive: true,
  isReserved: false,
  origin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('BrowsePage local search', () => {
  it('asks the API for the place, radius and sort in the URL, and shows each distance', async () => {
    const calls = fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [],
      'GET /api/items': [item(1, 3), item(2, 12)],
    });
    renderWithProviders(<BrowsePage />, {
      path: '/browse?search=bike&near=York&radiusKm=50&sort=distance',
    });
    expect(await screen.findByText('about 3 km away')).toBeInTheDocument();
    expect(screen.getByText('about 12 km away')).toBeInTheDocument();
    expect(calls.map((c) => c.route)).toContain(
      'GET /api/items?search=bike&near=York&radiusKm=50&sort=distance',
    );
    expect(
      screen.getByRole('heading', { name: /item\(s\) for "bike" within 50 km/ }),
    ).toBeVisible();
    expect(screen.getByLabelText('Near')).toHaveValue('York');
    expect(screen.getByLabelText('Within')).toHaveValue('50');
    expect(screen.getByLabelText('Sort')).toHaveValue('distance');
  });

  it('shows why a place was not found instead of an empty list', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [],
      'GET /api/items': {
        status: 400,
        body: { message: 'We could not find "Atlantis". Try a nearby town or city.' },
      },
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?near=Atlantis' });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('We could not find "Atlantis"'),
    );
  });

  it('keeps the place when a category is chosen', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [{ id: 4, name: 'Sports', description: null }],
      'GET /api/items': [],
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?near=York&radiusKm=10' });
    expect(await screen.findByRole('link', { name: 'Sports' })).toHaveAttribute(
      'href',
      '/browse?categoryId=4&near=York&radiusKm=10',
    );
  });
});

describe('BrowsePage scope', () => {
  it('reads scope=local from the URL into the API query, the form and the category links, and drops it for everywhere', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [{ id: 4, name: 'Sports', description: null }],
      'GET /api/items': [item(1)],
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?search=bike&scope=local' });
    await screen.findByText('Bike 1');
    expect(calls.map((c) => c.route)).toContain('GET /api/items?search=bike&scope=local');
    expect(screen.getByLabelText('Listings from')).toHaveValue('local');
    expect(screen.getByRole('link', { name: /Sports/ })).toHaveAttribute(
      'href',
      '/browse?search=bike&categoryId=4&scope=local',
    );
    await user.selectOptions(screen.getByLabelText('Listings from'), 'Everywhere');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Sports/ })).toHaveAttribute(
        'href',
        '/browse?search=bike&categoryId=4',
      ),
    );
    expect(calls.map((c) => c.route)).toContain('GET /api/items?search=bike');
    expect(screen.getByLabelText('Listings from')).toHaveValue('everywhere');
  });
});

describe('BrowsePage type', () => {
  it('reads mode=giveaway from the URL into the API query, the form and the links, and shows Free', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [{ id: 4, name: 'Sports', description: null }],
      'GET /api/items': [{ ...item(1), mode: 'giveaway', fairChanceHours: 12 }],
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?mode=giveaway' });
    await screen.findByText('Bike 1');
    expect(calls.map((c) => c.route)).toContain('GET /api/items?mode=giveaway');
    expect(screen.getByLabelText('Type')).toHaveValue('giveaway');
    expect(screen.getByRole('heading', { name: 'Latest free listings' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sports/ })).toHaveAttribute(
      'href',
      '/browse?categoryId=4&mode=giveaway',
    );
    await user.selectOptions(screen.getByLabelText('Type'), 'All');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Sports/ })).toHaveAttribute(
        'href',
        '/browse?categoryId=4',
      ),
    );
    expect(calls.map((c) => c.route)).toContain('GET /api/items');
  });
});

describe('BrowsePage category counts', () => {
  it('shows how many listings the search finds in each category, and none without a search', async () => {
    const calls = fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [
        { id: 2, name: 'Electronics' },
        { id: 6, name: 'Sports' },
      ],
      'GET /api/items': [item(1)],
      'GET /api/items/facets': {
        total: 1200,
        categories: [{ id: 6, name: 'Sports', count: 1200 }],
        conditions: [{ condition: 'good', count: 1200 }],
      },
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?search=bike' });
    const sports = await screen.findByRole('link', { name: /Sports/ });
    await waitFor(() => expect(sports).toHaveTextContent('Sports1,200'));
    expect(screen.getByRole('link', { name: /Electronics/ })).toHaveTextContent('Electronics0');
    expect(screen.getByRole('link', { name: /All/ })).toHaveTextContent('All1,200');
    expect(calls.map((c) => c.route)).toContain('GET /api/items/facets?search=bike');
  });

  it('asks for no counts while browsing without words', async () => {
    const calls = fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [{ id: 6, name: 'Sports' }],
      'GET /api/items': [item(1)],
    });
    renderWithProviders(<BrowsePage />, { path: '/browse?categoryId=6' });
    await screen.findByText('Bike 1');
    expect(screen.queryByTestId('facet-count')).toBeNull();
    expect(calls.some((c) => c.route.startsWith('GET /api/items/facets'))).toBe(false);
  });
});

describe('BrowsePage cards', () => {
  it('adds the cards a few at a time, in transitions, until all are in', {
    timeout: 30_000,
  }, async () => {
    fakeApi({
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/categories': [],
      'GET /api/items': Array.from({ length: 24 }, (_, index) => item(index + 1)),
    });
    const counts: number[] = [];
    const observer = new MutationObserver(() =>
      counts.push(document.querySelectorAll('article').length),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(<BrowsePage />, { path: '/browse' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24), {
      timeout: 20_000,
    });
    observer.disconnect();
    expect(screen.getByText('Bike 1')).toBeInTheDocument();
    expect(screen.getByText('Bike 24')).toBeInTheDocument();
    // Drawn in steps, never all 24 at once.
    const steps = [...new Set(counts.filter((count) => count > 0))];
    expect(steps[0]).toBeLessThanOrEqual(CARDS_PER_STEP);
    expect(steps.length).toBeGreaterThanOrEqual(24 / CARDS_PER_STEP);
  });
});
