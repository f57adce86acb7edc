import shared from '../en.json';
import offline from '../../offline/i18n/en.json';
import { buildLanguage, type TTree } from '../resources';

/**
 * Every text of the app in this language, one chunk: only the user's language is downloaded
 * (app/translations/index.ts). A feature's texts are its folder's i18n/en.json: adding a domain
 * adds its file, nothing here.
 */
const features = import.meta.glob<TTree>('../../features/*/i18n/en.json', { eager: true, import: 'default' });

export default buildLanguage('en', [shared, offline, ...Object.values(features)]);
