import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { Highlight } from './Highlight';
import { ProgressBar } from './ProgressBar';
import { SelectField } from './SelectField';
import { TextBox } from './TextBox';
import { ToastProvider, useToast } from './Toasts';

describe('TextBox', () => {
  it('counts characters against the limit and stops at it', async () => {
    const user = userEvent.setup();
    render(<TextBox label="Bio" limit={10} />);
    expect(screen.getByText('0/10')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bio'), 'hello');
    expect(screen.getByText('5/10')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bio'), ' world and more');
    expect(screen.getByText('10/10')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('hello worl');
  });

  it('has no counter without a limit', () => {
    render(<TextBox label="Notes" />);
    expect(screen.queryByText(/\/\d+$/)).not.toBeInTheDocument();
  });
});

describe('SelectField', () => {
  it('labels its select, shows the chevron to sighted users only, and reports the choice', async () => {
    const user = userEvent.setup();
    const chosen = jest.fn();
    const { container } = render(
      <SelectField label="Free trial" defaultValue="0" onChange={(e) => chosen(e.target.value)}>
        <option value="0">No free trial</option>
        <option value="7">7 days</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Free trial' });
    expect(select).toHaveValue('0');
    await user.selectOptions(select, '7 days');
    expect(chosen).toHaveBeenCalledWith('7');
    expect(container.querySelector('.select-field__chevron')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps an id it is given, so other elements can point at the select', () => {
    render(
      <SelectField label="Step" id="sim-jump">
        <option>1</option>
      </SelectField>,
    );
    expect(screen.getByLabelText('Step')).toHaveAttribute('id', 'sim-jump');
  });
});

describe('ProgressBar', () => {
  it('uses the accent colour below 100 and green at 100', () => {
    const { rerender } = render(<ProgressBar value={42.4} label="Upload" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ width: '42%', backgroundColor: 'var(--color-accent)' });

    rerender(<ProgressBar value={100} label="Upload" />);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ backgroundColor: 'var(--color-success)' });
  });

  it('clamps out-of-range values', () => {
    render(<ProgressBar value={140} label="Over" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('Button', () => {
  it('is disabled with a spinner while loading, and does not fire clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { container, rerender } = render(<Button onClick={onClick}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.spinner')).toBeNull();

    rerender(
      <Button onClick={onClick} loading>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.spinner')).not.toBeNull();
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('applies variant and size', () => {
    render(
      <Button variant="destructive" size="small">
        Delete
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button--destructive', 'button--small');
  });
});

describe('Highlight', () => {
  it('marks every case-insensitive match, treating the query literally', () => {
    const { container } = render(<Highlight text="C++ and c++ basics" query="c++" />);
    const marks = Array.from(container.querySelectorAll('mark')).map((m) => m.textContent);
    expect(marks).toEqual(['C++', 'c++']);
    expect(container).toHaveTextContent('C++ and c++ basics');
  });
});

describe('Toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function Trigger() {
    const toast = useToast();
    return (
      <>
        <button onClick={() => toast.show({ message: 'Saved' })}>info</button>
        <button onClick={() => toast.show({ kind: 'error', message: 'Broken' })}>error</button>
      </>
    );
  }

  /** Renders the provider with its trigger buttons, then shows the toast of the button named `which`. */
  function showToast(which: 'info' | 'error') {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByText(which).click());
  }

  it('closes itself after 5 seconds, not before', () => {
    showToast('info');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('announces errors as alerts and can be closed by hand', () => {
    showToast('error');
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });

  it('keeps each toast on its own timer', () => {
    showToast('info');
    act(() => jest.advanceTimersByTime(3000));
    act(() => screen.getByText('error').click());
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });
});
