import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickDayRanges, quickMonthRanges } from './DateRangeFilter';

// "This week" starts on the locale's first day. These ranges are dayjs's default locale (English:
// Sunday); the app's i18n module sets Spanish when imported, which another file of the same worker
// may have done (web-shared, decision 0104), so the locale is set here and given back after.
let localeBefore = '';
beforeAll(() => {
  localeBefore = dayjs.locale();
  dayjs.locale('en');
});
afterAll(() => {
  dayjs.locale(localeBefore);
});

const days = (today: string) =>
  Object.fromEntries(quickDayRanges(dayjs(today)).map(({ key, value }) => [key, value.map((d) => d.format('YYYY-MM-DD HH:mm')).join(' → ')]));

describe('quick date ranges (calls document, section 9)', () => {
  it('today, this week, last 7 days, this month, last 30 days, last month, from a Wednesday in March', () => {
    expect(days('2026-03-04')).toEqual({
      today: '2026-03-04 00:00 → 2026-03-04 23:59',
      thisWeek: '2026-03-01 00:00 → 2026-03-07 23:59',
      last7Days: '2026-02-26 00:00 → 2026-03-04 23:59',
      thisMonth: '2026-03-01 00:00 → 2026-03-31 23:59',
      last30Days: '2026-02-03 00:00 → 2026-03-04 23:59',
      lastMonth: '2026-02-01 00:00 → 2026-02-28 23:59',
    });
    expect(quickMonthRanges(dayjs('2026-01-15')).map((r) => `${r.key} ${r.value[0].format('YYYY-MM')}`)).toEqual(['thisMonth 2026-01', 'lastMonth 2025-12']);
  });

  it('every list’s date range filter is the shared one (no bare RangePicker in a feature but the wizard’s and the run’s answers)', () => {
    const features = join(__dirname, '..', 'features');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.tsx') ? [join(dir, name)] : []));
    const bare = files(features)
      .filter((file) => !file.includes('wizard') && !file.includes('audit-run')) // answers, not filters
      .filter((file) => readFileSync(file, 'utf8').includes('DatePicker.RangePicker'))
      .map((file) => file.slice(features.length + 1));
    expect(bare).toEqual([]);
  });
});
