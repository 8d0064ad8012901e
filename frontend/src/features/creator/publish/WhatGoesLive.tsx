import type { PublishPreview } from './publish.queries';

type Doc = PublishPreview['documents'][number];

const STATE_LABEL: Record<Doc['state'], string> = {
  new: 'New',
  changed: 'Changed',
  removed: 'Removed',
  unchanged: 'No changes',
};

function DocumentChanges({ doc }: { doc: Doc }) {
  const id = `wgl-${doc.part}`;
  return (
    <li className="wgl-doc" data-state={doc.state} aria-labelledby={id}>
      <h3 id={id} className="wgl-doc__title">
        {doc.label} <span className={`wgl-badge wgl-badge--${doc.state}`}>{STATE_LABEL[doc.state]}</span>
      </h3>
      {doc.changes.length > 0 && (
        <div className="wgl-table-wrap">
          <table className="wgl-table">
            <caption className="visually-hidden">{doc.label}: each field that changes</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Live now</th>
                <th scope="col">After publishing</th>
              </tr>
            </thead>
            <tbody>
              {doc.changes.map((change) => (
                <tr key={change.path} data-change={change.change}>
                  <th scope="row">{change.label}</th>
                  <td className="wgl-before" data-label="Live now">
                    {change.before ?? <span className="muted">—</span>}
                  </td>
                  <td className="wgl-after" data-label="After publishing">
                    {change.after ?? <span className="muted">(removed)</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {doc.moreChanges > 0 && (
        <p className="muted">
          and {doc.moreChanges} more {doc.moreChanges === 1 ? 'change' : 'changes'}
        </p>
      )}
    </li>
  );
}

/** Each document's draft against its live version, field by field: what visitors will see once published. */
export function WhatGoesLive({ preview }: { preview: PublishPreview }) {
  const changed = preview.documents.filter((d) => d.state !== 'unchanged');
  return (
    <section className="card what-goes-live" aria-labelledby="wgl-title">
      <h2 id="wgl-title">What goes live</h2>
      <p className="muted">
        {preview.isPublished
          ? 'Your drafts against what visitors see now, field by field.'
          : 'Nothing of this app is live yet: everything below goes live when you publish.'}
      </p>
      {changed.length === 0 && (
        <p className="callout" role="status">
          {preview.isPublished ? 'Everything is already live.' : 'There is nothing to publish yet.'}
        </p>
      )}
      <ul className="wgl-docs" aria-label="Documents">
        {preview.documents.map((doc) => (
          <DocumentChanges key={doc.part} doc={doc} />
        ))}
      </ul>
    </section>
  );
}
