import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CircleMatch, ListingSummary } from '../../../../shared/matching';
import { renderWithProviders } from '../../../testing/render';
import { CircleLegs, MutualCard, WantedCard } from './match-cards';

const person = (id: string, nickname: string) => ({
  id,
  nickname,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember: false,
});
const listing = (id: number, title: string, owner: ReturnType<typeof person>): ListingSummary => ({
  id,
  title,
  thumbnail: null,
  mode: 'swap',
  owner,
});
const me = person('me', 'Me');
const bob = person('bob', 'Bob');
const cat = person('cat', 'Cat');

describe('match cards', () => {
  it('draw a circle as who gives what to whom: each owner gives to the one before', () => {
    const circle: CircleMatch = {
      itemIds: [1, 2, 3],
      items: [listing(1, 'Anvil', me), listing(2, 'Bellows', bob), listing(3, 'Crucible', cat)],
      members: [me, bob, cat],
      proposal: null,
    };
    renderWithProviders(<CircleLegs circle={circle} me="me" />);
    const legs = screen.getAllByRole('listitem').map((li) => li.textContent);
    // I want Bellows (1 → 2): Bob gives it to me; Bob wants Crucible: Cat gives it to Bob.
    expect(legs).toEqual([
      expect.stringContaining('You give it to Cat'),
      expect.stringContaining('Bob gives it to you'),
      expect.stringContaining('Cat gives it to Bob'),
    ]);
  });

  it('link "Make an offer" to the offer form with my listing offered', () => {
    renderWithProviders(
      <MutualCard match={{ mine: listing(1, 'Anvil', me), theirs: listing(2, 'Bellows', bob) }} />,
    );
    expect(screen.getByRole('link', { name: 'Make an offer' })).toHaveAttribute(
      'href',
      '/item/2?action=offer&offered=1',
    );
    expect(screen.getByText('from Bob')).toBeInTheDocument();
  });

  it('show a wanted give-away as free, with no offer of one of mine for it', () => {
    const free = { ...listing(5, 'Sun lounger', bob), mode: 'giveaway' as const };
    renderWithProviders(
      <WantedCard match={{ ...free, source: 'listed', mine: listing(1, 'Anvil', me) }} />,
    );
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Given away by Bob')).toBeInTheDocument();
    expect(screen.queryByText('You give')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Make an offer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the give-away' })).toHaveAttribute(
      'href',
      '/item/5',
    );
  });
});
