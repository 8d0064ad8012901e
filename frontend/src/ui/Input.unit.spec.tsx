import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Input, LABEL_FOCUS_DELAY_MS } from './Input';

describe('Input', () => {
  it('turns a URL in the error into a link that opens in a new tab safely', () => {
    render(<Input label="Email" error="See https://help.sparkhouse.dev/login. Then retry." />);
    const link = screen.getByRole('link', { name: 'https://help.sparkhouse.dev/login' });
    expect(link).toHaveAttribute('href', 'https://help.sparkhouse.dev/login');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('alert')).toHaveTextContent('See https://help.sparkhouse.dev/login. Then retry.');
  });

  it('shows the error only while the typed text is empty', async () => {
    const user = userEvent.setup();
    render(<Input label="Email" error="Email is not formatted correctly." errorOutline />);
    const input = screen.getByLabelText('Email');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is not formatted correctly.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.clear(input);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('follows a controlled value too', () => {
    const { rerender } = render(<Input label="Name" value="" onChange={() => undefined} error="Required" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<Input label="Name" value="Ada" onChange={() => undefined} error="Required" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('floats the label while focused or filled', async () => {
    const user = userEvent.setup();
    const { container } = render(<Input label="Email" />);
    const field = container.querySelector('.field')!;
    expect(field).not.toHaveClass('field--floated');
    await user.click(screen.getByLabelText('Email'));
    expect(field).toHaveClass('field--floated');
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.tab();
    expect(field).toHaveClass('field--floated');
  });

  describe('autoFocus (after the label delay)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('takes the focus once the delay has passed', () => {
      render(<Input label="First name" autoFocus />);
      expect(screen.getByLabelText('First name')).not.toHaveFocus();
      act(() => jest.advanceTimersByTime(LABEL_FOCUS_DELAY_MS));
      expect(screen.getByLabelText('First name')).toHaveFocus();
    });

    it('leaves the focus in another field someone moved to before the delay passed', () => {
      render(
        <>
          <Input label="First name" autoFocus />
          <Input label="Password" type="password" />
        </>,
      );
      const password = screen.getByLabelText('Password', { selector: 'input' });
      act(() => password.focus());
      act(() => jest.advanceTimersByTime(LABEL_FOCUS_DELAY_MS));
      expect(password).toHaveFocus();
    });
  });

  it('toggles password visibility with a named button', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [value, setValue] = useState('');
      return <Input label="Password" type="password" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Harness />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('passes maxLength through', async () => {
    const user = userEvent.setup();
    render(<Input label="First name" maxLength={20} />);
    await user.type(screen.getByLabelText('First name'), 'x'.repeat(25));
    expect(screen.getByLabelText('First name')).toHaveValue('x'.repeat(20));
  });
});
