import type { EditorSuggestionItem } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner } from '../../../ui';
import { editorSuggestionsQuery } from '../creator.queries';

/**
 * The editor's plus button: sections of suggestions from getEditorPlusButtonSuggestions; on any
 * failure the built-in Suggested, Stories and Activities sections (spec 8).
 */
export function PlusSuggestions({
  appId,
  context,
  onPick,
}: {
  appId: string;
  context: Record<string, unknown>;
  onPick: (item: EditorSuggestionItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const suggestions = useQuery({ ...editorSuggestionsQuery(appId, context), enabled: open });
  const panelId = `plus-suggestions-${appId}`;
  return (
    <div className="suggestions">
      <Button variant="secondary" size="small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? 'Close suggestions' : '+ Add a section'}
      </Button>
      {open && (
        <div id={panelId} className="suggestions" role="region" aria-label="Section suggestions">
          {suggestions.isPending ? (
            <Spinner label="Loading suggestions" size={18} />
          ) : (
            suggestions.data?.sections.map((section) => (
              <div key={section.title} className="suggestions__section">
                <h3>{section.title}</h3>
                <ul className="suggestions__items">
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="suggestion"
                        onClick={() => {
                          onPick(item);
                          setOpen(false);
                        }}
                      >
                        <span className="suggestion__title">{item.title}</span>
                        <span className="suggestion__content">{item.content}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
