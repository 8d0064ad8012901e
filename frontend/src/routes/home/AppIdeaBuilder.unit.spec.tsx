import '../../features/catalogue/testing/dom-polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { APP_IDEA_STORAGE_KEY } from '../../features/catalogue/app-idea-storage';
import { AppIdeaBuilder } from './AppIdeaBuilder';

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderBuilder() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<AppIdeaBuilder />} />
        <Route path="/build" element={<p>Builder page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
});
afterEach(() => jest.useRealTimers());

describe('app-idea builder', () => {
  it('restores the stored idea', () => {
    localStorage.setItem(APP_IDEA_STORAGE_KEY, JSON.stringify({ text: 'A recipe app', timestamp: 1 }));
    renderBuilder();
    expect(screen.getByLabelText('Your app idea')).toHaveValue('A recipe app');
  });

  it('keeps the text in storage as it is typed', () => {
    renderBuilder();
    fireEvent.change(screen.getByLabelText('Your app idea'), { target: { value: 'A tuner for violins' } });
    act(() => {
      jest.advanceTimersByTime(500);
    });
    expect(JSON.parse(localStorage.getItem(APP_IDEA_STORAGE_KEY)!)).toEqual({
      text: 'A tuner for violins',
      timestamp: new Date('2026-11-21T12:00:00.400Z').getTime(),
    });
  });

  it('allows as long an idea as /build does (2,000 characters)', () => {
    renderBuilder();
    const box = screen.getByLabelText('Your app idea');
    expect(box).toHaveAttribute('maxLength', '2000');
  });

  it('asks for an idea before submitting', () => {
    renderBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Build my app' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Describe your app idea first.');
  });

  it('submits: saves the idea and goes to /build', () => {
    renderBuilder();
    fireEvent.change(screen.getByLabelText('Your app idea'), { target: { value: '  A journaling app  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Build my app' }));
    expect(JSON.parse(localStorage.getItem(APP_IDEA_STORAGE_KEY)!).text).toBe('A journaling app');
    expect(screen.getByLabelText('path')).toHaveTextContent('/build');
    expect(screen.getByText('Builder page')).toBeInTheDocument();
  });
});
