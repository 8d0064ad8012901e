import { Link } from 'react-router';
import { buttonClassName } from './Button';

interface LinkTarget {
  to: string;
  label: string;
}

/** Where to go next, as buttons in a row: the main way (primary), then another (secondary). */
export function LinkButtons({ primary, secondary }: { primary: LinkTarget; secondary: LinkTarget }) {
  return (
    <div className="row">
      <Link to={primary.to} className={buttonClassName('primary')}>
        {primary.label}
      </Link>
      <Link to={secondary.to} className={buttonClassName('secondary')}>
        {secondary.label}
      </Link>
    </div>
  );
}
