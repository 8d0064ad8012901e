import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal, type ModalProps } from './Modal';

function renderModal(props: Partial<ModalProps> = {}) {
  const onClose = jest.fn();
  render(
    <Modal open onClose={onClose} title="Log in" {...props}>
      <input aria-label="Email" />
    </Modal>,
  );
  return onClose;
}

describe('Modal', () => {
  it('leaves the focus where its content put it (a field that focused itself may already be typed in)', () => {
    render(
      <Modal open onClose={jest.fn()} title="Create your account">
        <input aria-label="First name" />
        <input aria-label="Password" autoFocus />
      </Modal>,
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('is a named dialog with focus moved inside', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const onClose = renderModal();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape and outside clicks when blocked until submit', async () => {
    const onClose = renderModal({ blockedUntilSubmit: true });
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('closes on an outside click, but not on a click inside', () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByLabelText('Email'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a preserved modal open on outside clicks while Escape still closes it', async () => {
    const onClose = renderModal({ preserve: true });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows navigation buttons only for the handlers given', async () => {
    const onPrevious = jest.fn();
    const onNext = jest.fn();
    renderModal({ onPrevious, onNext });
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <Modal open={open} onClose={() => setOpen(false)} title="Share">
            <p>Hi</p>
          </Modal>
        </>
      );
    }
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
