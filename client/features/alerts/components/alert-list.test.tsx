import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '../../../../shared/saved-searches';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AlertList } from './alert-list';

afterEach(() => vi.unstubAllGlobals());

const alert: SavedSearch = {
  id: 7,
  search: 'telescope',
  categoryId: 2,
  category: { id: 2, name: 'Electronics' },
  near: 'Leeds',
  radiusKm: 25,
  mode: null,
  frequency: 'instant',
  scope: 'everywhere',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('AlertList', () => {
  it('lists an alert in words with a link to its results', () => {
    fakeApi({});
    renderWithProviders(<AlertList alerts={[alert]} />);
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('“telescope” in Electronics within 25 km of Leeds');
    expect(within(row).getByRole('link', { name: /Show listings for/ })).toHaveAttribute(
      'href',
      '/browse?search=telescope&categoryId=2&near=Leeds&radiusKm=25',
    );
  });

  it('says when an alert is kept to this community, and shows its results that way', () => {
    fakeApi({});
    renderWithProviders(
      <AlertList alerts={[{ ...alert, category: null, categoryId: null, scope: 'local' }]} />,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('“telescope” within 25 km of Leeds in this community only');
    expect(within(row).getByRole('link', { name: /Show listings for/ })).toHaveAttribute(
      'href',
      '/browse?search=telescope&near=Leeds&radiusKm=25&scope=local',
    );
  });

  it('says when an alert keeps to give-aways, and shows its results that way', () => {
    fakeApi({});
    renderWithProviders(
      <AlertList alerts={[{ ...alert, category: null, categoryId: null, mode: 'giveaway' }]} />,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('“telescope” among give-aways within 25 km of Leeds');
    expect(within(row).getByRole('link', { name: /Show listings for/ })).toHaveAttribute(
      'href',
      '/browse?search=telescope&near=Leeds&radiusKm=25&mode=giveaway',
    );
  });

  it('deletes an alert after confirming', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'DELETE /api/saved-searches/7': { message: 'Saved search deleted' } });
    renderWithProviders(<AlertList alerts={[alert]} />);
    await user.click(screen.getByRole('button', { name: /Delete alert/ }));
    expect(calls).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Delete alert' }));
    await waitFor(() =>
      expect(calls.map((c) => c.route)).toContain('DELETE /api/saved-searches/7'),
    );
    expect(await screen.findByText('Alert deleted')).toBeInTheDocument();
  });

  it('changes how often an alert speaks up', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'PATCH /api/saved-searches/7': { ...alert, frequency: 'off' },
    });
    renderWithProviders(<AlertList alerts={[alert]} />);
    await user.selectOptions(screen.getByLabelText(/How often for/), 'Paused');
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'PATCH /api/saved-searches/7')?.body).toEqual({
        frequency: 'off',
      }),
    );
  });
});
