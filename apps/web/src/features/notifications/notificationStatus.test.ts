import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { loadLanguage } from '../../i18n/translations';
import { translations } from '../../i18n/translations/all';
import { NOTIFICATION_EVENTS, NOTIFICATION_STATUSES, noticeTexts, statusText } from './notificationStatus';

type TTree = { [key: string]: string | TTree };
const statusesIn = (tree: TTree) => ((tree.notifications as TTree).status ?? {}) as TTree;
/** The statuses a tree translates, plural forms (expiring_one, expiring_other) counted once. */
const statusNames = (tree: TTree) => [...new Set(Object.keys(statusesIn(tree)).map((k) => k.replace(/_(one|other)$/, '')))].sort();

describe('notification statuses', () => {
  it('are translated in both languages', () => {
    for (const tree of [translations.es, translations.en]) expect(statusNames(tree)).toEqual([...NOTIFICATION_STATUSES].sort());
  });

  it('read as text in the UI language, an unknown one as it comes', async () => {
    // As the app loads them: one language's chunk at a time.
    await loadLanguage('es');
    await loadLanguage('en');
    await i18n.changeLanguage('es');
    expect(statusText(i18n.t, 'ready')).toBe('listo');
    expect(statusText(i18n.t, 'queued')).toBe('queued');
    // A document's reminders (decision 0088) count the days left.
    expect([statusText(i18n.t, 'expiring:1'), statusText(i18n.t, 'expiring:30'), statusText(i18n.t, 'shared')]).toEqual([
      'caduca mañana',
      'caduca en 30 días',
      'compartido contigo',
    ]);
    await i18n.changeLanguage('en');
    expect(statusText(i18n.t, 'failed')).toBe('could not be generated');
  });

  it('name each incident event by itself, in both languages (decision 0064)', async () => {
    for (const tree of [translations.es, translations.en]) {
      expect(Object.keys((tree.notifications as TTree).event as TTree).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
    }
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    const text = (body: { event?: string; status?: string }) => noticeTexts(i18n.t, 'TASK_UPDATE_STATE', body);
    expect(text({ event: 'verified', status: 'complete' })).toEqual({ title: 'Acción correctiva verificada', status: 'verificada' });
    expect(text({ event: 'status', status: 'resolved' })).toEqual({ title: 'Incidencia resuelta', status: 'resuelta' });
    expect(text({ event: 'taskStatus', status: 'complete' })).toEqual({ title: 'Cambio de estado de una acción', status: 'completada' });
    expect(text({ event: 'evidenceReview', status: 'complete' }).title).toBe('Evidencia pendiente de revisión');
    // An entry written before events were named reads by its type, as it did.
    expect(text({ status: 'complete' })).toEqual({ title: 'Cambio de estado de una acción', status: 'completada' });
    await i18n.changeLanguage('en');
    expect(text({ event: 'verified', status: 'complete' })).toEqual({ title: 'Corrective action verified', status: 'verified' });
    expect(text({ event: 'status', status: 'resolved' }).title).toBe('Incident resolved');
  });
});
