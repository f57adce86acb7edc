import { describe, expect, it } from 'vitest';
import { ZLogDownload, ZLogExcelQuery } from '@audit/domain/register-requests';
import { choiceOf } from './LogDownloads';

/** Product document section 2: the log download offers vertical or horizontal, language, day take number and annual report. */
describe('the log download options', () => {
  it('send the chosen language, take of the day, orientation and annual report as the server reads them', () => {
    const pdf = choiceOf({ format: 'pdf', orientation: 'vertical', language: 'en', take: 2, annual: true });
    expect(pdf).toEqual({ kind: 'pdf', options: { orientation: 'vertical', language: 'en', take: 2, annual: true } });
    expect(ZLogDownload.parse(pdf.options)).toMatchObject({ orientation: 'vertical', language: 'en', take: 2, annual: true });
    const excel = choiceOf({ format: 'excel', orientation: 'horizontal', language: 'es', take: 0, annual: false });
    expect(excel).toEqual({ kind: 'excel', options: { language: 'es', take: null, annual: false } });
    expect(ZLogExcelQuery.safeParse({ language: 'es', annual: 'false' }).success).toBe(true);
  });
});
