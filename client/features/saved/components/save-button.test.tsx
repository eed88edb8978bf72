import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi, member } from '../../../testing/fake-api';
import { CURRENT_USER_KEY } from '../../auth/api/current-user';
import { savedFlagKey } from '../api/saved';
import { SaveButton } from './save-button';

function renderButton(signedIn: typeof member | null) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_KEY, signedIn);
  render(
    <QueryClientProvider client={client}>
      <SaveButton itemId={7} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('SaveButton', () => {
  it('shows a visitor nothing and sets up no saved-state query for them', () => {
    const calls = fakeApi({});
    const client = renderButton(null);
    expect(screen.queryByRole('button')).toBeNull();
    // A browse page has 24 cards: none of them keeps a query of its own for a visitor.
    expect(client.getQueryCache().find({ queryKey: savedFlagKey(7) })).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("shows a member the item's saved state and unsaves it", async () => {
    const calls = fakeApi({
      'GET /api/items/7/saved': { isSaved: true },
      'DELETE /api/items/7/save': { isSaved: false },
    });
    renderButton(member);
    const heart = await screen.findByRole('button', { name: 'Remove from saved items' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Save item' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(calls.map((call) => call.route)).toContain('DELETE /api/items/7/save');
  });
});
