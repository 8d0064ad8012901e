import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Pager, SearchActions, TimeRangeFilters, useCursorInUrl, useSearchInUrl } from './parts';

const renderAt = (path: string, page: ReactElement) => render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

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
    renderAt('/ops/events?type=JobFailed', <Pages />);
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

function Search() {
  const { params, query, submit, clear } = useSearchInUrl(['type', 'from'] as const);
  const { search } = useLocation();
  return (
    <form onSubmit={submit} key={params.toString()}>
      <input name="type" aria-label="Type" defaultValue={params.get('type') ?? ''} />
      <TimeRangeFilters params={params} />
      <SearchActions onClear={clear} />
      <p data-testid="at">{search || '(none)'}</p>
      <p data-testid="query">{JSON.stringify(query)}</p>
    </form>
  );
}

describe('a console search in the address', () => {
  it("writes the form's filters (times as ISO, blanks left out), shows them again, and clears them", () => {
    renderAt('/ops/events?cursor=c2', <Search />);
    expect(JSON.parse(screen.getByTestId('query').textContent!)).toEqual({ cursor: 'c2' });

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: ' JobFailed ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24T10:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    // a new search starts at the newest page: the cursor is gone; To was blank, and "to" is not a filter here
    const at = new URLSearchParams(screen.getByTestId('at').textContent!);
    expect([...at.keys()]).toEqual(['type', 'from']);
    expect(at.get('type')).toBe('JobFailed');
    expect(at.get('from')).toBe(new Date('2026-11-24T10:30').toISOString());
    // the form shows the search it is on, the time in the input's own format
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-24T10:30');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('at').textContent).toBe('(none)');
    expect((screen.getByLabelText('Type') as HTMLInputElement).value).toBe('');
  });
});
