/**
 * A minimal iCalendar (RFC 5545) writer for the visits feed (decision 0087): CRLF line endings,
 * content lines folded at 75 octets without splitting a UTF-8 character, TEXT values escaped.
 */

/** TEXT value escaping (RFC 5545 §3.3.11); control characters (NUL…) are not allowed in a value and go. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?|\n/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** Folds one content line: at most 75 octets a line, continuation lines start with a space (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space is one of its 75
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** YYYY-MM-DD → the DATE value YYYYMMDD. */
export const dateValue = (day: string) => day.replaceAll('-', '');
/** An instant → the UTC DATE-TIME value YYYYMMDDTHHMMSSZ. */
export const utcValue = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export interface TIcsEvent {
  uid: string;
  /** First day and the day after the last (DTEND of an all-day event is exclusive). */
  start: string;
  endExclusive: string;
  summary: string;
  description?: string;
  location?: string;
  status?: 'TENTATIVE' | 'CONFIRMED';
}

/** The calendar: VCALENDAR with one VEVENT per event, each line folded, CRLF after every line. */
export function icsCalendar(name: string, events: TIcsEvent[], now = new Date()): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Audit platform//Visits calendar//ES', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  const stamp = utcValue(now);
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp}`, `DTSTART;VALUE=DATE:${dateValue(e.start)}`, `DTEND;VALUE=DATE:${dateValue(e.endExclusive)}`);
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.status) lines.push(`STATUS:${e.status}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
