import { useRef, type KeyboardEvent } from 'react';
import { BROWSE_VIEWS, type BrowseView } from '../../features/catalogue';

export const tabId = (view: BrowseView) => `browse-tab-${view}`;
export const PANEL_ID = 'browse-panel';

/** The four browse views as an ARIA tablist: arrow keys, Home and End move between tabs. */
export function BrowseTabs({ view, onChange }: { view: BrowseView; onChange: (view: BrowseView) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = BROWSE_VIEWS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(BROWSE_VIEWS[next].view);
  };
  return (
    <div role="tablist" aria-label="Browse views" className="browse-tabs">
      {BROWSE_VIEWS.map((item, index) => {
        const selected = item.view === view;
        return (
          <button
            key={item.view}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(item.view)}
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={['browse-tabs__tab', selected && 'browse-tabs__tab--selected'].filter(Boolean).join(' ')}
            onClick={() => onChange(item.view)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
