import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Pager, useCursorInUrl } from './parts';

/** A page of a cursor list: the next cursor of page N is "cN". */
function Pages() {
  const pages = useCursorInUrl();
  const { search } = useLocation();
  const cursor = new URLSearchParams(search).get('cursor');
  const n = cursor ? Number(cursor.slice(1)) : 0;
  return (
    <>
      <p data-testid="at">{search || '(first page)'}</p>
      <Pager hasNewer={pages.hasNewer} nextCursor={n < 2 ? `c${n + 1}` : null} onNewer={pages.newer} onOlder={pages.older} />
    </>
  );
}

describe('cursor pages in the address', () => {
  it('goes to older pages and back, and offers neither way where there is none', () => {
    render(
      <MemoryRouter initialEntries={['/ops/events?type=JobFailed']}>
        <Pages />
      </MemoryRouter>,
    );
    const at = () => screen.getByTestId('at').textContent;
    const newer = () => screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement;
    const older = () => screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement;

    expect(newer().disabled).toBe(true);
    fireEvent.click(older());
    expect(at()).toBe('?type=JobFailed&cursor=c1');
    fireEvent.click(older());
    expect(at()).toBe('?type=JobFailed&cursor=c2');
    expect(older().disabled).toBe(true);

    fireEvent.click(newer());
    expect(at()).toBe('?type=JobFailed&cursor=c1');
    fireEvent.click(newer());
    // back on the first page, the filters kept
    expect(at()).toBe('?type=JobFailed');
    expect(newer().disabled).toBe(true);
  });
});
