import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../ui';
import { PageHeader } from '../layout/PageHeader';

export interface ComingSoonProps {
  area: string;
  title: string | ((params: Record<string, string | undefined>) => string);
  description: string;
  /** What this page will hold once its issue ships. */
  upcoming: string[];
}

/** An honest placeholder: the route exists, its content arrives with a later issue. */
export function ComingSoonPage({ area, title, description, upcoming }: ComingSoonProps) {
  const params = useParams();
  const heading = typeof title === 'function' ? title(params) : title;
  return (
    <div className="page">
      <PageHeader eyebrow={area} title={heading}>
        <p>{description}</p>
      </PageHeader>
      <section className="card coming-soon" aria-labelledby="coming-soon-title">
        <div className="coming-soon__badge">
          <span className="tag tag--warning">In progress</span>
        </div>
        <h2 id="coming-soon-title" className="coming-soon__title">
          Coming soon
        </h2>
        <p className="muted">This page is not built yet. When it ships, it will show:</p>
        <ul className="checklist">
          {upcoming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="coming-soon__actions">
          <Link to="/" className={buttonClassName('secondary')}>
            Back to home
          </Link>
          <Link to="/browse" className={buttonClassName('transparent')}>
            Browse classes
          </Link>
        </div>
      </section>
    </div>
  );
}
