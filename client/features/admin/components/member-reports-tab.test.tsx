import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberReportEntry } from '../../../../shared/member-reports';
import { fakeApi, member } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { MemberReportsTab } from './member-reports-tab';

afterEach(() => vi.unstubAllGlobals());

const reporter = {
  id: 'r1',
  nickname: 'reporter',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember: true,
};
const report = (id: number, status = 'pending'): MemberReportEntry => ({
  id,
  reason: 'harassment',
  description: 'Keeps messaging me at night',
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: status === 'pending' ? null : '2026-11-21T10:00:00.000Z',
  reporter,
  member: { ...member, id: 'm9', nickname: 'pest', email: 'pest@example.com', suspended: false },
  reportsAgainstMember: 2,
  recentActivity: [
    { type: 'listed', at: '2026-11-19T10:00:00.000Z', item: { id: 3, title: 'Old sofa' } },
  ],
});

function serve(entries: MemberReportEntry[]) {
  return fakeApi({
    'GET /api/admin/member-reports': () => entries,
    'PATCH /api/admin/member-reports/1': ({ body }: { body: unknown }) => {
      const action = (body as { action: string }).action;
      const status = { warn: 'warned', suspend: 'suspended', dismiss: 'dismissed' }[action] ?? '';
      entries[0] = report(1, status);
      return { id: 1, status };
    },
  });
}

describe('MemberReportsTab', () => {
  it('shows who was reported, why, by whom, how often, and their recent activity', async () => {
    serve([report(1), report(2, 'dismissed')]);
    renderWithProviders(<MemberReportsTab />);
    await screen.findAllByText('pest@example.com');
    const queue = screen.getAllByRole('list')[0] as HTMLElement;
    const [pending, handled] = within(queue)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === queue);
    expect(pending).toHaveTextContent('— Harassment');
    expect(pending).toHaveTextContent('pest@example.com');
    expect(pending).toHaveTextContent('Reported by reporter');
    expect(pending).toHaveTextContent('2 reports on this member');
    expect(pending).toHaveTextContent('Keeps messaging me at night');
    expect(pending).toHaveTextContent('Listed “Old sofa”');
    expect(within(pending as HTMLElement).getByRole('link', { name: 'pest' })).toHaveAttribute(
      'href',
      '/profile/m9',
    );
    expect(handled).toHaveTextContent('dismissed');
    expect(within(handled as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('warns with a message', async () => {
    const user = userEvent.setup();
    const calls = serve([report(1)]);
    renderWithProviders(<MemberReportsTab />);
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    await user.type(
      await screen.findByLabelText('Message to the member (optional)'),
      'Please stop',
    );
    await user.click(screen.getByRole('button', { name: 'Send warning' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({
        action: 'warn',
        message: 'Please stop',
      }),
    );
    expect(await screen.findByText('warned')).toBeInTheDocument();
  });

  it('suspends only after confirming, and dismisses at once', async () => {
    const user = userEvent.setup();
    const calls = serve([report(1)]);
    renderWithProviders(<MemberReportsTab />);
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    expect(calls.filter((c) => c.route.startsWith('PATCH'))).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Suspend member' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({ action: 'suspend' }),
    );
    expect(await screen.findByText('suspended')).toBeInTheDocument();
  });

  it('dismisses', async () => {
    const user = userEvent.setup();
    const calls = serve([report(1)]);
    renderWithProviders(<MemberReportsTab />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({ action: 'dismiss' }),
    );
  });
});
