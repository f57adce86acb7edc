import { Link } from 'react-router-dom';

export interface TBar {
  key: string;
  label: string;
  value: number | null;
  /** The value as printed beside the bar (a count, or a percentage with 1 decimal). */
  display: string;
  /** The filtered list behind the value, when there is one. */
  href?: string;
  color?: string;
}

/**
 * Horizontal bars, one a row: the label, the bar, the number printed (readable without hovering).
 * Each bar is an image with its label and number as text; a number with a list behind it is a link
 * (reached with Tab). `max` is the scale's end (100 for percentages, the largest value otherwise).
 */
export function BarChart({ bars, max, label, testId }: { bars: TBar[]; max?: number; label: string; testId?: string }) {
  const end = max ?? Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  return (
    <ul className="stats-bars" aria-label={label} data-testid={testId}>
      {bars.map((bar) => {
        const width = bar.value === null ? 0 : Math.max(0, Math.min(100, (bar.value / end) * 100));
        return (
          <li key={bar.key} className="stats-bar">
            <span className="stats-bar-label">{bar.label}</span>
            <svg className="stats-bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={`${bar.label}: ${bar.display}`}>
              <rect x="0" y="0" height="10" width={width} rx="1" fill={bar.color ?? '#1677ff'} />
            </svg>
            {bar.href ? (
              <Link className="stats-bar-value" to={bar.href} aria-label={`${bar.label}: ${bar.display}`} data-testid="stats-bar-link">
                {bar.display}
              </Link>
            ) : (
              <span className="stats-bar-value">{bar.display}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
