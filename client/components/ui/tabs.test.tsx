import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

function Panel({ name, onMount }: { name: string; onMount?: () => void }) {
  useEffect(() => onMount?.(), [onMount]);
  return <p>{name} panel</p>;
}

function Example({ onThirdMount }: { onThirdMount?: () => void }) {
  return (
    <Tabs defaultValue="one">
      <TabList label="Example" layout="scroll">
        <Tab value="one">One (2)</Tab>
        <Tab value="two">Two</Tab>
        <Tab value="three">Three</Tab>
      </TabList>
      <TabPanel value="one">
        <Panel name="One" />
      </TabPanel>
      <TabPanel value="two">
        <Panel name="Two" />
      </TabPanel>
      <TabPanel value="three">
        <Panel name="Three" onMount={onThirdMount} />
      </TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  afterEach(() => activateLocale('en'));

  it('run right to left in Arabic, left to right otherwise', async () => {
    const { unmount } = render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' }).closest('[dir]')).toHaveAttribute(
      'dir',
      'ltr',
    );
    unmount();
    await activateLocale('ar');
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' }).closest('[dir]')).toHaveAttribute(
      'dir',
      'rtl',
    );
  });

  it('names the tab row and ties each tab to its panel', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'One (2)' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('One panel');
    expect(first).toHaveAttribute('aria-controls', panel.id);
  });

  it('moves with the arrow keys and End, and mounts a panel only when it opens', async () => {
    const user = userEvent.setup();
    const onThirdMount = vi.fn();
    render(<Example onThirdMount={onThirdMount} />);
    await user.click(screen.getByRole('tab', { name: 'One (2)' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Two panel');
    expect(onThirdMount).not.toHaveBeenCalled();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    expect(onThirdMount).toHaveBeenCalledOnce();
  });

  it('gives every tab the padding of its row', () => {
    render(
      <Tabs defaultValue="a">
        <TabList label="Filled" layout="fill">
          <Tab value="a">A</Tab>
        </TabList>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'A' })).toHaveClass('flex-1');
    expect(screen.getByRole('tablist')).toHaveClass('flex');
  });
});
