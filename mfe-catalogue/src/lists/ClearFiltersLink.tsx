/**
 * "Clear filters": a link to the list without them, so it clears without JavaScript too; with it,
 * the page clears in place (onClear) instead of following the link.
 */
import { Link } from 'react-router-dom';

export function ClearFiltersLink({ to, className, onClear }: { to: string; className?: string; onClear: () => void }) {
  return (
    <Link
      to={to}
      className={className}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onClear();
      }}
    >
      Clear filters
    </Link>
  );
}
