import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { loadLanguage } from '../../app/translations';
import { translations } from '../../app/translations/all';
import { NOTIFICATION_STATUSES, statusText } from './notificationStatus';

type TTree = { [key: string]: string | TTree };
const statusesIn = (tree: TTree) => ((tree.notifications as TTree).status ?? {}) as TTree;

describe('notification statuses', () => {
  it('are translated in both languages', () => {
    for (const tree of [translations.es, translations.en]) expect(Object.keys(statusesIn(tree)).sort()).toEqual([...NOTIFICATION_STATUSES].sort());
  });

  it('read as text in the UI language, an unknown one as it comes', async () => {
    // As the app loads them: one language's chunk at a time.
    await loadLanguage('es');
    await loadLanguage('en');
    await i18n.changeLanguage('es');
    expect(statusText(i18n.t, 'ready')).toBe('listo');
    expect(statusText(i18n.t, 'queued')).toBe('queued');
    await i18n.changeLanguage('en');
    expect(statusText(i18n.t, 'failed')).toBe('could not be generated');
  });
});
