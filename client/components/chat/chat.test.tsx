import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer, ChatLog, type ChatMessage } from './chat';

const message = (
  id: number,
  fromUserId: string,
  nickname: string,
  content: string,
): ChatMessage => ({
  id,
  fromUserId,
  fromUser: { nickname, firstName: null, lastName: null },
  content,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const history = (rows: ChatMessage[] | undefined, more = {}) => ({
  rows,
  hasMore: false,
  showMore: vi.fn(),
  pending: false,
  ...more,
});

describe('ChatLog', () => {
  it("signs the member's own messages 'You', the others' with the author's name", () => {
    render(
      <ChatLog
        loading={false}
        me="u1"
        history={history([message(1, 'u2', 'bob', 'Still free?'), message(2, 'u1', 'ann', 'Yes')])}
      />,
    );
    const [theirs, mine] = within(screen.getByRole('log', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    expect(theirs).toHaveTextContent(/^Still free\?bob · /);
    expect(mine).toHaveTextContent(/^YesYou · /);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('offers earlier messages while there are more, and says when there are none yet', async () => {
    const user = userEvent.setup();
    const older = history([message(3, 'u2', 'bob', 'Hi')], { hasMore: true });
    const { rerender } = render(<ChatLog loading={false} me="u1" history={older} />);
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(older.showMore).toHaveBeenCalledOnce();
    rerender(<ChatLog loading={false} me="u1" history={history([])} />);
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    rerender(<ChatLog loading me="u1" history={history(undefined)} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});

describe('ChatComposer', () => {
  it('keeps its placeholder short and tells how Enter works in a hint the box is described by', async () => {
    const user = userEvent.setup();
    const send = vi.fn().mockResolvedValue(undefined);
    render(<ChatComposer send={send} pending={false} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('placeholder', 'Type a message');
    expect(box).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line');
    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}there{Enter}');
    expect(send).toHaveBeenCalledWith('Hi\nthere');
  });
});
