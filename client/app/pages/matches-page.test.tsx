import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CircleMatch, CircleProposal, Matches } from '../../../shared/matching';
import { fakeApi, member } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { MatchesPage } from './matches-page';

const person = (id: string, nickname: string) => ({
  id,
  nickname,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember: false,
});
const me = person(member.id, 'ada');
const bob = person('bob', 'Bob');
const cat = person('cat', 'Cat');

/** A circle of Ada's listing `first` with Bob's and Cat's next ones. */
const circle = (first: number, proposal: CircleProposal | null): CircleMatch => {
  const owners = [me, bob, cat];
  const itemIds = [first, first + 1, first + 2];
  return {
    itemIds,
    items: itemIds.map((id, k) => ({
      id,
      title: `Listing ${id}`,
      thumbnail: null,
      mode: 'swap' as const,
      owner: owners[k] ?? me,
    })),
    members: owners,
    proposal,
  };
};
const matches = (circles: CircleMatch[]): Matches => ({ wanted: [], mutual: [], circles });

/** The card of the circle whose first listing is `first`. */
const card = (first: number) => {
  const found = screen.getByRole('link', { name: `Listing ${first}` }).closest('[role="group"]');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${first}`);
  return found;
};

afterEach(() => vi.unstubAllGlobals());

describe('MatchesPage circles', () => {
  it('offers to propose a circle nobody proposed, and shows the state of one proposed or accepted', async () => {
    fakeApi({
      'GET /api/auth/user': member,
      'POST /api/matches/seen': { count: 0 },
      'GET /api/matches': matches([
        circle(10, null),
        circle(20, { id: 7, status: 'proposed', accepted: false }),
        circle(30, { id: 8, status: 'proposed', accepted: true }),
        circle(40, { id: 9, status: 'accepted', accepted: true }),
      ]),
    });
    renderWithProviders(<MatchesPage />, { path: '/matches' });
    expect(await screen.findByRole('heading', { name: 'Circles (4)' })).toBeInTheDocument();

    // One button, for the circle nobody proposed.
    const buttons = screen.getAllByRole('button', { name: 'Propose this circle' });
    expect(buttons).toHaveLength(1);
    expect(within(card(10)).getByRole('button', { name: 'Propose this circle' })).toBe(buttons[0]);

    const links = screen.getAllByRole('link', { name: 'Open circle' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/circles/7',
      '/circles/8',
      '/circles/9',
    ]);
    expect(within(card(20)).getByText('Proposed')).toBeVisible();
    expect(within(card(20)).getByText('Your answer is needed.')).toBeVisible();
    expect(within(card(30)).getByText('Waiting for the others to answer.')).toBeVisible();
    expect(within(card(40)).getByText('Accepted')).toBeVisible();
    expect(within(card(40)).getByText(/Everyone accepted/)).toBeVisible();
    for (const first of [20, 30, 40]) {
      expect(within(card(first)).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('reads the matches again after proposing, so the card shows the proposal without a reload', async () => {
    let proposed = false;
    const calls = fakeApi({
      'GET /api/auth/user': member,
      'POST /api/matches/seen': { count: 0 },
      'GET /api/matches': () =>
        matches([circle(10, proposed ? { id: 5, status: 'proposed', accepted: false } : null)]),
      // Someone else in the circle proposed it a moment ago.
      'POST /api/circles': () => {
        proposed = true;
        return {
          status: 409,
          body: { message: 'This circle has already been proposed; it is in your circles' },
        };
      },
    });
    renderWithProviders(<MatchesPage />, { path: '/matches' });
    await userEvent.click(await screen.findByRole('button', { name: 'Propose this circle' }));

    expect(await screen.findByRole('link', { name: 'Open circle' })).toHaveAttribute(
      'href',
      '/circles/5',
    );
    expect(screen.getByText('Your answer is needed.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Propose this circle' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'POST /api/circles')[0]?.body).toEqual({
      itemIds: [10, 11, 12],
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.route === 'GET /api/matches')).toHaveLength(2),
    );
  });
});

describe('MatchesPage bundles', () => {
  it("offers one offer for several of one member's listings you want", async () => {
    const listing = (id: number, owner: ReturnType<typeof person>) => ({
      id,
      title: `Listing ${id}`,
      thumbnail: null,
      mode: 'swap' as const,
      owner,
    });
    fakeApi({
      'GET /api/auth/user': member,
      'POST /api/matches/seen': { count: 0 },
      'GET /api/matches': {
        circles: [],
        mutual: [{ mine: listing(1, me), theirs: listing(10, bob) }],
        wanted: [
          { ...listing(11, bob), source: 'listed', mine: listing(2, me) },
          { ...listing(20, cat), source: 'text', mine: listing(1, me) },
        ],
      } satisfies Matches,
    });
    renderWithProviders(<MatchesPage />, { path: '/matches' });
    const section = await screen.findByRole('region', { name: 'Several from one member (1)' });
    const bundle = within(section).getByRole('group', { name: '2 of Bob’s listings you want' });
    expect(
      within(bundle)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Listing 10', 'Listing 11', 'Make an offer for these 2']);
    expect(within(bundle).getByText('For your listings Listing 1, Listing 2')).toBeVisible();
    expect(within(bundle).getByRole('link', { name: 'Make an offer for these 2' })).toHaveAttribute(
      'href',
      '/item/10?action=offer&also=11&offered=1,2',
    );
  });
});
