import en from './en';
import es from './es';

/** Both languages at once, for tests that compare them; the app loads one (index.ts). */
export const translations = { es, en };
