import { useEffect, useRef, useState } from 'react';
import { toggleItem, useDebouncedValue, type BrowseState } from '../../features/catalogue';
import { Input, TagChip } from '../../ui';

export const SEARCH_DEBOUNCE_MS = 350;

interface Option {
  value: string;
  label: string;
}

function ChipGroup({
  label,
  options,
  selected,
  onToggle,
}: {
  label: string;
  options: Option[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  if (options.length === 0) return null;
  return (
    <div className="browse-filters__group" role="group" aria-label={label}>
      <span className="browse-filters__label" aria-hidden="true">
        {label}
      </span>
      <div className="browse-filters__chips">
        {options.map((option) => (
          <TagChip
            key={option.value}
            tone={selected.includes(option.value) ? 'primary' : 'neutral'}
            selected={selected.includes(option.value)}
            onClick={() => onToggle(option.value)}
          >
            {option.label}
          </TagChip>
        ))}
      </div>
    </div>
  );
}

const humanise = (slug: string) => slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function BrowseFilters({
  state,
  categories,
  topics,
  genres,
  onChange,
  showFacets,
}: {
  state: BrowseState;
  categories: Option[];
  topics: string[];
  genres: string[];
  onChange: (change: (current: BrowseState) => BrowseState, options?: { replace?: boolean }) => void;
  /** Collections are not filtered by category, topic or genre: only the search applies. */
  showFacets: boolean;
}) {
  const urlSearch = state.search ?? '';
  const [text, setText] = useState(urlSearch);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastWritten = useRef(urlSearch);

  // Typing settles into the URL (replace: one history entry per search, not per keystroke).
  useEffect(() => {
    if (debounced.trim() === lastWritten.current) return;
    lastWritten.current = debounced.trim();
    onChange((current) => ({ ...current, search: debounced.trim() || undefined }), { replace: true });
  }, [debounced, onChange]);

  // The URL changed by other means (clear filters, back button): follow it.
  useEffect(() => {
    if (urlSearch === lastWritten.current) return;
    lastWritten.current = urlSearch;
    setText(urlSearch);
  }, [urlSearch]);

  const topicOptions = [...new Set([...state.topics, ...topics])].map((t) => ({ value: t, label: humanise(t) }));
  const genreOptions = [...new Set([...state.genres, ...genres])].map((g) => ({ value: g, label: humanise(g) }));

  return (
    <div className="browse-filters">
      <form
        role="search"
        className="browse-filters__search"
        onSubmit={(event) => {
          event.preventDefault();
          lastWritten.current = text.trim();
          onChange((current) => ({ ...current, search: text.trim() || undefined }));
        }}
      >
        <Input
          label={showFacets ? 'Search classes' : 'Search collections'}
          type="search"
          name="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          icon={
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" />
            </svg>
          }
        />
      </form>
      {state.title && (
        <div className="browse-filters__chips">
          <TagChip
            tone="primary"
            onRemove={() => onChange((current) => ({ ...current, title: undefined }))}
            removeLabel={`Remove title filter ${state.title}`}
          >
            Title: {state.title}
          </TagChip>
        </div>
      )}
      {showFacets && (
        <>
          {categories.length > 0 && (
            <div className="browse-filters__group" role="group" aria-label="Category">
              <span className="browse-filters__label" aria-hidden="true">
                Category
              </span>
              <div className="browse-filters__chips">
                <TagChip
                  tone={state.category ? 'neutral' : 'primary'}
                  selected={!state.category}
                  onClick={() => onChange((current) => ({ ...current, category: undefined }))}
                >
                  All
                </TagChip>
                {categories.map((category) => (
                  <TagChip
                    key={category.value}
                    tone={state.category === category.value ? 'primary' : 'neutral'}
                    selected={state.category === category.value}
                    onClick={() =>
                      onChange((current) => ({
                        ...current,
                        category: current.category === category.value ? undefined : category.value,
                      }))
                    }
                  >
                    {category.label}
                  </TagChip>
                ))}
              </div>
            </div>
          )}
          <ChipGroup
            label="Topics"
            options={topicOptions}
            selected={state.topics}
            onToggle={(topic) => onChange((current) => ({ ...current, topics: toggleItem(current.topics, topic) }))}
          />
          <ChipGroup
            label="Genres"
            options={genreOptions}
            selected={state.genres}
            onToggle={(genre) => onChange((current) => ({ ...current, genres: toggleItem(current.genres, genre) }))}
          />
        </>
      )}
    </div>
  );
}
