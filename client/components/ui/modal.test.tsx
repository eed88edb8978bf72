import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./modal-dialog', async (original) => {
  loaded.add('modal');
  return original();
});
vi.mock('./confirm-dialog-content', async (original) => {
  loaded.add('confirm');
  return original();
});

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Edit item">
        <p>Form</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('loads the Radix dialog on the first open only, then behaves as a dialog', async () => {
    const user = userEvent.setup();
    const { container } = render(<Example />);
    expect(container.innerHTML).toBe('<button type="button">Edit</button>');
    expect(loaded.has('modal')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    expect(loaded.has('modal')).toBe(true);
    expect(dialog).toHaveTextContent('Form');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit item' })).toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('loads on the first tap, confirms, and gives focus back to its trigger on cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        trigger={<button type="button">Delete</button>}
        title="Delete this listing?"
        text="This cannot be undone."
        confirmLabel="Delete listing"
        onConfirm={onConfirm}
      />,
    );
    expect(loaded.has('confirm')).toBe(false);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');

    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this listing?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Delete listing' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('in another language', () => {
  afterEach(() => activateLocale('en'));

  // The dialogs' chunks take their buttons' words from the wrappers (no i18n import of their own).
  it('names the close and cancel buttons in the language in use', async () => {
    await activateLocale('de');
    const user = userEvent.setup();
    render(
      <>
        <Example />
        <ConfirmDialog
          trigger={<button type="button">Delete</button>}
          title="Delete this listing?"
          text="This cannot be undone."
          confirmLabel="Delete listing"
          onConfirm={() => {}}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Schließen' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
