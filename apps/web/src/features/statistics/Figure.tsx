import { Link } from 'react-router-dom';

/** One figure of a summary: its name, its value, and the list behind it when there is one. */
export function Figure({ label, value, href, testId }: { label: string; value: string; href?: string; testId: string }) {
  return (
    <div className="stats-figure" data-testid={testId}>
      <div style={{ fontSize: 13, opacity: 0.75 }}>{label}</div>
      <div className="stats-figure-value">
        {href ? (
          <Link to={href} aria-label={`${label}: ${value}`} data-testid={`${testId}-link`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </div>
    </div>
  );
}
