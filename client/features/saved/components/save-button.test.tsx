import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi, member } from '../../../testing/fake-api';
import { CURRENT_USER_KEY } from '../../auth/api/current-user';
import { SAVED_IDS_KEY } from '../api/saved';
import { SaveButton } from './save-button';

function renderHearts(signedIn: typeof member | null, itemIds: number[]) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_KEY, signedIn);
  render(
    <QueryClientProvider client={client}>
      {itemIds.map((id) => (
        <div key={id} data-testid={`card-${id}`}>
          <SaveButton itemId={id} />
        </div>
      ))}
    </QueryClientProvider>,
  );
  return client;
}

const heartOf = (itemId: number) =>
  within(screen.getByTestId(`card-${itemId}`)).getByRole('button');

afterEach(() => vi.unstubAllGlobals());

describe('SaveButton', () => {
  it('shows a visitor nothing and sets up no saved-state query for them', () => {
    const calls = fakeApi({});
    const client = renderHearts(null, [7]);
    expect(screen.queryByRole('button')).toBeNull();
    // A browse page has 24 cards: none of them keeps a query for a visitor.
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it("gives every heart on a page its state from one request for the member's saved ids", async () => {
    const calls = fakeApi({ 'GET /api/saved-items/ids': { itemIds: [9, 7] } });
    const client = renderHearts(member, [7, 8, 9]);
    await waitFor(() => expect(heartOf(9)).toBeEnabled());
    expect(heartOf(7)).toHaveAttribute('aria-pressed', 'true');
    expect(heartOf(8)).toHaveAttribute('aria-pressed', 'false');
    expect(heartOf(9)).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.route)).toEqual(['GET /api/saved-items/ids']);
    expect(client.getQueryData(SAVED_IDS_KEY)).toEqual({ itemIds: [9, 7] });
  });

  it('saves and unsaves, keeping the shared saved ids in step without asking again', async () => {
    const calls = fakeApi({
      'GET /api/saved-items/ids': { itemIds: [7] },
      'DELETE /api/items/7/save': { isSaved: false },
      'POST /api/items/8/save': { isSaved: true },
    });
    const client = renderHearts(member, [7, 8]);
    const heart = await screen.findByRole('button', { name: 'Remove from saved items' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    await waitFor(() => expect(heartOf(7)).toHaveAttribute('aria-pressed', 'false'));
    expect(heartOf(7)).toHaveAccessibleName('Save item');

    await userEvent.click(heartOf(8));
    await waitFor(() => expect(heartOf(8)).toHaveAttribute('aria-pressed', 'true'));
    expect(client.getQueryData(SAVED_IDS_KEY)).toEqual({ itemIds: [8] });
    expect(calls.map((call) => call.route)).toEqual([
      'GET /api/saved-items/ids',
      'DELETE /api/items/7/save',
      'POST /api/items/8/save',
    ]);
  });
});
