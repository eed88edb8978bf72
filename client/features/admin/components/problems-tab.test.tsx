import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProblemEntry, ProblemSide } from '../../../../shared/problems';
import { fakeApi, member } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ProblemsTab } from './problems-tab';

afterEach(() => vi.unstubAllGlobals());

const side = (id: string, nickname: string, extra: Partial<ProblemSide> = {}): ProblemSide => ({
  user: { ...member, id, nickname, email: `${nickname}@example.com`, suspended: false },
  reliability: {
    responseRate: 80,
    typicalResponseMinutes: 30,
    offersCounted: 5,
    completedSwaps: 4,
    completedCircles: 1,
    problemsOpen: 1,
    problemsUpheld: 0,
  },
  earlierProblemsAgainst: 0,
  earlierUpheldAgainst: 0,
  earlierProblemsRaised: 0,
  ...extra,
});

const problem = (id: number, status: ProblemEntry['status'] = 'open'): ProblemEntry => ({
  id,
  swapRequestId: 12,
  circleId: null,
  reason: 'not-received',
  message: 'The parcel never came',
  status,
  resolutionNote: status === 'open' ? null : 'Checked the chat',
  action: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: status === 'open' ? null : '2026-11-21T10:00:00.000Z',
  reporter: side('r1', 'ann', { earlierProblemsRaised: 2 }),
  member: side('m1', 'bob', { earlierProblemsAgainst: 3, earlierUpheldAgainst: 1 }),
});

describe('ProblemsTab', () => {
  it('lists open problems with both sides’ history, resolved ones apart', async () => {
    fakeApi({ 'GET /api/admin/problems': () => [problem(1), problem(2, 'dismissed')] });
    renderWithProviders(<ProblemsTab />);
    const open = await screen.findByRole('region', { name: 'Open problems (1)' });
    expect(open).toHaveTextContent('I did not receive it');
    expect(open).toHaveTextContent('offer #12');
    expect(open).toHaveTextContent('The parcel never came');
    const about = within(open).getByRole('region', { name: 'About: bob' });
    expect(about).toHaveTextContent('bob@example.com');
    expect(about).toHaveTextContent('4 completed swaps, 1 circle');
    expect(about).toHaveTextContent('Earlier problems about them: 3 (1 upheld)');
    expect(within(open).getByRole('region', { name: 'Reported by: ann' })).toHaveTextContent(
      'Earlier problems they raised: 2',
    );
    const resolved = screen.getByRole('region', { name: 'Resolved' });
    expect(resolved).toHaveTextContent('dismissed');
    expect(within(resolved).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('resolves with a note and a warning, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi({
      'GET /api/admin/problems': () => [problem(1)],
      'PATCH /api/admin/problems/1': () =>
        refuse
          ? { status: 409, body: { message: 'This problem was already resolved' } }
          : { id: 1, status: 'upheld' },
    });
    renderWithProviders(<ProblemsTab />);
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the problem about bob' });
    await user.selectOptions(within(dialog).getByLabelText('Action on bob'), 'warn');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Send it this week');
    await user.click(within(dialog).getByRole('button', { name: 'Save resolution' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This problem was already resolved',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save resolution' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((c) => c.route.startsWith('PATCH')).at(-1)).toEqual({
      route: 'PATCH /api/admin/problems/1',
      body: { resolution: 'upheld', note: 'Send it this week', action: 'warn' },
    });
  });

  it('sends no action with a dismissal', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/admin/problems': () => [problem(1)],
      'PATCH /api/admin/problems/1': () => ({ id: 1, status: 'dismissed' }),
    });
    renderWithProviders(<ProblemsTab />);
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Action on bob'), 'suspend');
    await user.click(within(dialog).getByRole('radio', { name: 'Dismissed' }));
    expect(within(dialog).getByLabelText('Action on bob')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save resolution' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((c) => c.route.startsWith('PATCH'))?.body).toEqual({
      resolution: 'dismissed',
      note: null,
      action: null,
    });
  });
});
