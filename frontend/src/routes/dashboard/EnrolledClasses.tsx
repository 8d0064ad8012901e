import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  classPath,
  enrolledClassesQuery,
  ErrorState,
  isClassActive,
  LoadingState,
  type EnrolledClass,
} from '../../features/catalogue';
import { formatRelativeTime } from '../../features/format';
import './dashboard.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isFinite(date.getTime()) ? dateFormat.format(date) : iso;
};

function EnrolmentCard({ enrolment, now }: { enrolment: EnrolledClass; now: Date }) {
  const active = isClassActive(enrolment, now);
  const title = enrolment.product?.title ?? enrolment.classSlug.replace(/-/g, ' ');
  const started = new Date(enrolment.classStartDate).getTime() <= now.getTime();
  return (
    <li className={['enrolment', active ? 'enrolment--active' : 'enrolment--past'].join(' ')}>
      <div className="enrolment__head">
        <span className={`tag ${active ? 'tag--success' : ''}`}>{active ? (started ? 'Active' : 'Starting soon') : 'Ended'}</span>
        <h3 className="enrolment__title">{enrolment.product ? <Link to={classPath(enrolment.product)}>{title}</Link> : title}</h3>
      </div>
      <p className="enrolment__dates muted">
        {formatDate(enrolment.classStartDate)} – {formatDate(enrolment.classEndDate)}
        <span aria-hidden="true"> · </span>
        {active ? 'ends' : 'ended'}{' '}
        <time dateTime={enrolment.classEndDate}>{formatRelativeTime(enrolment.classEndDate, now)}</time>
      </p>
    </li>
  );
}

/** A titled list of enrolments. */
function EnrolmentSection({
  id,
  heading,
  enrolments,
  now,
}: {
  id: string;
  heading: ReactNode;
  enrolments: EnrolledClass[];
  now: Date;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {heading}
      </h2>
      <ul className="enrolment-list">
        {enrolments.map((c) => (
          <EnrolmentCard key={`${c.productId}-${c.classStartDate}`} enrolment={c} now={now} />
        ))}
      </ul>
    </section>
  );
}

/** The caller's enrolments, split by the active-class rule (end date not yet past). */
export function EnrolledClasses({ limit }: { limit?: number }) {
  const query = useQuery(enrolledClassesQuery());
  if (query.isPending) return <LoadingState label="Loading your classes" />;
  if (query.isError)
    return <ErrorState title="Could not load your classes" error={query.error} onRetry={() => void query.refetch()} />;
  const now = new Date();
  const classes = query.data.classes;
  if (classes.length === 0)
    return (
      <section aria-labelledby="live-classes-title">
        <h2 id="live-classes-title" className="section-title">
          Live classes
        </h2>
        <p className="muted">No live class yet. Live classes you join appear here with their dates.</p>
      </section>
    );
  const active = classes.filter((c) => isClassActive(c, now));
  const past = classes.filter((c) => !isClassActive(c, now));
  const shownActive = limit ? active.slice(0, limit) : active;
  return (
    <div className="enrolments">
      {active.length === 0 ? (
        <p className="callout">You have no active class right now. Your past classes are below.</p>
      ) : (
        <EnrolmentSection
          id="active-classes-title"
          heading={
            <>
              Active classes <span className="muted">({active.length})</span>
            </>
          }
          enrolments={shownActive}
          now={now}
        />
      )}
      {!limit && past.length > 0 && (
        <EnrolmentSection id="past-classes-title" heading="Past classes" enrolments={past} now={now} />
      )}
    </div>
  );
}
