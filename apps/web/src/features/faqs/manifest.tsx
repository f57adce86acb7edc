import { QuestionCircleOutlined } from '@ant-design/icons';
import { screen, type TFeatureManifest } from '../../manifest/manifest';
import { FAQS_ADMIN_PATH } from './paths';

const view = () => import('./FaqsViewPage').then((m) => m.FaqsViewPage);

/**
 * FAQs (decision 0082): the auditors' and the clients' views the shell announced (same keys, so they
 * replace its placeholders), and the list where those who write FAQs edit them, reached from the
 * views' "manage" button and from Configuración › Editar preguntas frecuentes.
 */
export const faqsManifest: TFeatureManifest = {
  id: 'faqs',
  routes: () => [
    { path: '/faqs-view', ...screen(view, { view: 'AUDITOR' as const }) },
    { path: '/faqs-view-client', ...screen(view, { view: 'CLIENT' as const }) },
    { path: FAQS_ADMIN_PATH, ...screen(() => import('./FaqsAdminPage').then((m) => m.FaqsAdminPage)) },
  ],
  menu: [
    { key: 'faqsView', icon: <QuestionCircleOutlined />, path: '/faqs-view', audience: 'auditor', order: 140 },
    { key: 'faqsViewClient', icon: <QuestionCircleOutlined />, path: '/faqs-view-client', audience: 'client', order: 150 },
    { key: 'settingsFaqs', path: FAQS_ADMIN_PATH, audience: 'admin', parent: 'settings', order: 30 },
  ],
};
