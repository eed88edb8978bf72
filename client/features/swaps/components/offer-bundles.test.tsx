import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bundleOffer, counterOf, offerItem } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { offerChanges } from '../offer-changes';
import { OfferCard } from './offer-card';
import { OfferList } from './offer-list';

// Ann (sender) offers her drum and lamp for Bob's (owner's) guitar and amp.
// Each with a photo: the text of a link is then its title alone.
const photographed = (id: number, title: string, userId: string) =>
  offerItem(id, title, userId, [`/api/images/${id}`]);
const guitar = photographed(10, 'Guitar', 'owner');
const amp = photographed(11, 'Amp', 'owner');
const drum = photographed(20, 'Drum', 'sender');
const lamp = photographed(21, 'Lamp', 'sender');
const piano = photographed(22, 'Piano', 'sender');
const opening = bundleOffer([guitar, amp], [drum, lamp], {
  status: 'countered',
  counteredById: 2,
});
// Bob answers: the piano and the lamp, not the drum, for his guitar alone.
const counter = counterOf(opening, 2, [lamp, piano], [guitar]);

/** The titles a side of a card lists, by the side's heading. */
const side = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('offer cards with several listings a side', () => {
  it('lists both sides as thumbnails linking to each listing, with their counts', () => {
    renderWithProviders(<OfferCard request={{ ...opening, status: 'pending' }} userId="owner" />);
    expect(side('Requested items (2)')).toEqual(['Guitar', 'Amp']);
    expect(side('Offered items (2)')).toEqual(['Drum', 'Lamp']);
    const link = screen.getByRole('link', { name: 'Guitar' });
    expect(link).toHaveAttribute('href', '/item/10');
    expect(link).toHaveAttribute('title', 'Guitar');
    expect(link.querySelector('img')).toHaveAttribute('src', '/api/images/10/thumb');
    // Not a custom offer: there are listings offered, and no words or photos besides.
    expect(screen.queryByText('Custom offer')).toBeNull();
    expect(screen.queryByText('What changed since the previous offer')).toBeNull();
  });

  it('keeps the one-listing labels for one listing a side', () => {
    renderWithProviders(<OfferCard request={bundleOffer([guitar], [drum])} userId="owner" />);
    expect(side('Requested item')).toEqual(['Guitar']);
    expect(side('Offered item')).toEqual(['Drum']);
  });

  it('shows what a counter-offer added and removed on each side, against the offer it counters', () => {
    renderWithProviders(
      <OfferList kind="made" requests={[counter]} all={[counter, opening]} userId="sender" />,
    );
    const changes = screen.getByRole('region', { name: 'What changed since the previous offer' });
    const row = (label: string) =>
      within(changes)
        .getByText(label, { selector: 'dt' })
        .nextElementSibling?.textContent?.replace(/\s+/g, ' ');
    expect(row('Requested')).toBe('Added: PianoRemoved: Drum');
    expect(row('Offered')).toBe('Removed: Amp');
    expect(side('Requested items (2)')).toEqual(['Lamp', 'Piano']);
  });

  it('says "a listing" for one removed from an offer that is not loaded', () => {
    const changes = offerChanges(counter, undefined);
    expect(changes?.items.removed).toEqual([{ id: 20, listing: null }]);
    expect(changes?.items.added).toEqual([{ id: 22, listing: piano }]);
    renderWithProviders(<OfferCard request={counter} userId="sender" />);
    const region = screen.getByRole('region', { name: 'What changed since the previous offer' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Added: Piano', 'Removed: a listing', 'Removed: a listing']);
  });

  it('shows a bundle offered with words and a photo besides its listings', () => {
    renderWithProviders(
      <OfferCard
        request={bundleOffer([guitar], [drum, lamp], { offerDescription: 'And a cable' })}
        userId="owner"
      />,
    );
    expect(side('Offered items (2)')).toEqual(['Drum', 'Lamp']);
    expect(screen.getByText('And a cable')).toBeTruthy();
  });
});
