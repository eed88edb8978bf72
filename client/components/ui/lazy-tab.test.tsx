import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyTab } from './lazy-tab';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

describe('lazyTab', () => {
  it('loads a tab’s code when the tab is first opened, showing Loading… until it is there', async () => {
    let arrive: (module: { Reviews: (props: { who: string }) => React.ReactNode }) => void =
      () => {};
    const load = vi.fn(
      () =>
        new Promise<{ Reviews: (props: { who: string }) => React.ReactNode }>(
          (resolve) => (arrive = resolve),
        ),
    );
    const Reviews = lazyTab(load, 'Reviews');
    render(
      <Tabs defaultValue="listings">
        <TabList label="Profile">
          <Tab value="listings">Listings</Tab>
          <Tab value="reviews">Reviews</Tab>
        </TabList>
        <TabPanel value="listings">Lamp</TabPanel>
        <TabPanel value="reviews">
          <Reviews who="Ann" />
        </TabPanel>
      </Tabs>,
    );
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(load).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    arrive({ Reviews: ({ who }) => <p>Five stars from {who}</p> });
    expect(await screen.findByText('Five stars from Ann')).toBeInTheDocument();
  });
});
