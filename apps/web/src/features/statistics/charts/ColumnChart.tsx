export interface TColumn {
  key: string;
  /** The period under the column ("mar 2026"). */
  label: string;
  value: number | null;
  display: string;
}

const SLOT = 64;
const HEIGHT = 190;
const TOP = 22;
const BOTTOM = 28;

/**
 * Columns over time, each with its number printed above it. One image (role img) whose name lists
 * every period and value; wider than the card, it scrolls sideways (focusable, so the keyboard
 * scrolls it too). `max` is the scale's end (100 for percentages).
 */
export function ColumnChart({
  columns,
  max,
  label,
  color = '#1677ff',
  testId,
}: {
  columns: TColumn[];
  max?: number;
  label: string;
  color?: string;
  testId?: string;
}) {
  const end = max ?? Math.max(1, ...columns.map((c) => c.value ?? 0));
  const width = Math.max(300, columns.length * SLOT);
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = `${label}: ${columns.map((c) => `${c.label} ${c.display}`).join(', ')}`;
  return (
    <div className="stats-columns" tabIndex={0} aria-label={label} role="group" data-testid={testId}>
      <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary}>
        <line x1="0" x2={width} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="rgba(0,0,0,0.25)" />
        {columns.map((column, i) => {
          const h = column.value === null ? 0 : Math.max(0, Math.min(1, column.value / end)) * plot;
          const x = i * SLOT + SLOT / 2;
          return (
            <g key={column.key}>
              <rect x={x - 16} width={32} y={HEIGHT - BOTTOM - h} height={h} rx="2" fill={color} />
              <text x={x} y={HEIGHT - BOTTOM - h - 6} textAnchor="middle">
                {column.display}
              </text>
              <text x={x} y={HEIGHT - 10} textAnchor="middle">
                {column.label}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
