import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instance } from '../../../../shared/federation';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { FederationTab } from './federation-tab';

afterEach(() => vi.unstubAllGlobals());

const URL_PATH = '/api/admin/federation/instances';

const instance = (id: number, extra: Partial<Instance> = {}): Instance => ({
  id,
  host: `i${id}.example`,
  url: `https://i${id}.example`,
  name: null,
  following: 'none',
  follower: 'none',
  blocked: false,
  listings: 0,
  lastDeliveryAt: null,
  failures: 0,
  ...extra,
});

/** North asks to follow us; east we follow (12 listings held, 3 failures); west is blocked. */
const north = () =>
  instance(1, {
    host: 'north.example',
    url: 'https://north.example',
    name: 'North Swaps',
    follower: 'pending',
  });
const east = () =>
  instance(2, {
    host: 'east.example',
    following: 'accepted',
    follower: 'accepted',
    listings: 12,
    lastDeliveryAt: '2026-11-20T10:00:00.000Z',
    failures: 3,
  });
const west = () => instance(3, { host: 'west.example', blocked: true });

function serve(instances: Instance[], extra: Record<string, unknown> = {}) {
  return fakeApi({
    [`GET ${URL_PATH}`]: () => instances,
    ...extra,
  });
}

const rowOf = async (name: string) =>
  (await screen.findByRole('heading', { name: new RegExp(name) })).closest('li') as HTMLElement;

describe('FederationTab', () => {
  it('lists other communities with their states in plain words', async () => {
    serve([north(), east(), west()]);
    renderWithProviders(<FederationTab />);
    const asking = await rowOf('North Swaps');
    expect(asking).toHaveTextContent('north.example');
    expect(asking).toHaveTextContent('We follow them:No');
    expect(asking).toHaveTextContent('They follow us:Asking: your answer is needed');
    expect(within(asking).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(asking).getByRole('button', { name: 'Refuse' })).toBeVisible();
    expect(within(asking).queryByRole('button', { name: 'Unfollow' })).toBeNull();

    const followed = await rowOf('east.example');
    expect(followed).toHaveTextContent('We follow them:Accepted');
    expect(followed).toHaveTextContent('They follow us:Accepted');
    expect(followed).toHaveTextContent('Listings held here:12');
    expect(followed).toHaveTextContent('Failed deliveries in a row:3');
    expect(within(followed).getByText(/ago|2026/)).toHaveAttribute(
      'datetime',
      '2026-11-20T10:00:00.000Z',
    );
    expect(within(followed).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(followed).getByRole('button', { name: 'Unfollow' })).toBeVisible();

    const blocked = await rowOf('west.example');
    expect(within(blocked).getByText('Blocked')).toBeVisible();
    expect(within(blocked).getByRole('button', { name: 'Unblock' })).toBeVisible();
    expect(within(blocked).queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.getByRole('heading', { name: /Other communities/ })).toHaveTextContent(
      '(1 asking to follow)',
    );
  });

  it('says so when there are none', async () => {
    serve([]);
    renderWithProviders(<FederationTab />);
    expect(await screen.findByText('No other communities yet')).toBeVisible();
  });

  it('follows a community by its address, and shows the server’s reason when it cannot', async () => {
    const user = userEvent.setup();
    const instances: Instance[] = [];
    const calls = serve(instances, {
      [`POST ${URL_PATH}`]: ({ body }: { body: unknown }) => {
        const { url } = body as { url: string };
        if (url.includes('nowhere')) {
          return {
            status: 400,
            body: { message: 'No SwapMarket instance answered at https://nowhere.example' },
          };
        }
        const added = instance(5, { host: 'south.example', following: 'pending' });
        instances.push(added);
        return { status: 201, body: added };
      },
    });
    renderWithProviders(<FederationTab />);
    const field = await screen.findByLabelText('Community address');
    await user.type(field, 'https://nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No SwapMarket instance answered at https://nowhere.example',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('https://nowhere.example');

    await user.clear(field);
    await user.type(field, '  https://south.example ');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.route.startsWith('POST')).map((c) => c.body)).toEqual([
        { url: 'https://nowhere.example' },
        { url: 'https://south.example' },
      ]),
    );
    const added = await rowOf('south.example');
    expect(added).toHaveTextContent('We follow them:Pending: waiting for their answer');
    expect(field).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows back a community that follows us, by the address it is known at', async () => {
    const user = userEvent.setup();
    const instances = [north(), east()];
    const calls = serve(instances, {
      [`POST ${URL_PATH}`]: () => {
        instances[0] = { ...north(), following: 'pending' };
        return { status: 201, body: instances[0] };
      },
    });
    renderWithProviders(<FederationTab />);
    // East and we follow each other already: nothing to follow back.
    expect(
      within(await rowOf('east.example')).queryByRole('button', { name: 'Follow back' }),
    ).toBeNull();
    await user.click(
      within(await rowOf('North Swaps')).getByRole('button', { name: 'Follow back' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.route.startsWith('POST')).map((c) => c.body)).toEqual([
        { url: 'https://north.example' },
      ]),
    );
    expect(await screen.findByText('Follow request sent')).toBeVisible();
    await waitFor(async () =>
      expect(await rowOf('North Swaps')).toHaveTextContent(
        'We follow them:Pending: waiting for their answer',
      ),
    );
    expect(
      within(await rowOf('North Swaps')).queryByRole('button', { name: 'Follow back' }),
    ).toBeNull();
  });

  it('stops sharing with a community it had accepted, once confirmed', async () => {
    const user = userEvent.setup();
    const instances = [east()];
    const calls = serve(instances, {
      [`PATCH ${URL_PATH}/2`]: () => {
        instances[0] = { ...east(), follower: 'rejected' };
        return instances[0];
      },
    });
    renderWithProviders(<FederationTab />);
    await user.click(
      within(await rowOf('east.example')).getByRole('button', { name: 'Stop sharing' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Stop sharing with east.example?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.route.startsWith('PATCH')).map((c) => c.body)).toEqual([
        { follower: 'rejected' },
      ]),
    );
    await waitFor(async () =>
      expect(await rowOf('east.example')).toHaveTextContent('They follow us:Refused by us'),
    );
    expect(
      within(await rowOf('east.example')).queryByRole('button', { name: 'Stop sharing' }),
    ).toBeNull();
  });

  it('accepts a follow request', async () => {
    const user = userEvent.setup();
    const instances = [north()];
    const calls = serve(instances, {
      [`PATCH ${URL_PATH}/1`]: ({ body }: { body: unknown }) => {
        instances[0] = { ...north(), ...(body as Partial<Instance>) };
        return instances[0];
      },
    });
    renderWithProviders(<FederationTab />);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({
        follower: 'accepted',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument(),
    );
    expect(await rowOf('North Swaps')).toHaveTextContent('They follow us:Accepted');
  });

  it('refuses a follow request', async () => {
    const user = userEvent.setup();
    const calls = serve([north()], { [`PATCH ${URL_PATH}/1`]: north() });
    renderWithProviders(<FederationTab />);
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({
        follower: 'rejected',
      }),
    );
  });

  it('blocks only after a confirmation that says its listings and members leave at once', async () => {
    const user = userEvent.setup();
    const instances = [east()];
    const calls = serve(instances, {
      [`PATCH ${URL_PATH}/2`]: () => {
        instances[0] = { ...east(), blocked: true, following: 'none', follower: 'none' };
        return instances[0];
      },
    });
    renderWithProviders(<FederationTab />);
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block east.example?' });
    expect(dialog).toHaveTextContent('Its listings and members leave this community at once');
    expect(calls.filter((c) => c.route.startsWith('PATCH'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block community' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({ blocked: true }),
    );
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeVisible();
  });

  it('unblocks at once', async () => {
    const user = userEvent.setup();
    const calls = serve([west()], { [`PATCH ${URL_PATH}/3`]: { ...west(), blocked: false } });
    renderWithProviders(<FederationTab />);
    await user.click(await screen.findByRole('button', { name: 'Unblock' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({ blocked: false }),
    );
  });

  it('unfollows after confirming, and shows the server’s reason when that fails', async () => {
    const user = userEvent.setup();
    const calls = serve([east()], {
      [`DELETE ${URL_PATH}/2`]: { status: 404, body: { message: 'Instance not found' } },
    });
    renderWithProviders(<FederationTab />);
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop following east.example?' });
    expect(dialog).toHaveTextContent(
      'Its listings leave this community at once (12 held here now)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain(`DELETE ${URL_PATH}/2`));
    expect(await screen.findByText('Failed to unfollow the community')).toBeVisible();
    expect(await screen.findByText('Instance not found')).toBeVisible();
  });
});
