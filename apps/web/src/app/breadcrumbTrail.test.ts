import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { translations } from '../i18n/translations/all';
import { breadcrumbTrail } from './breadcrumbTrail';
import { findMenuTrail, visibleMenu, type TMenuUser } from './menu';

const permissionsOf = (role: string) => DEFAULT_ROLES.find((r) => r.name === role)!.permissions;
const admin: TMenuUser = { isAuditor: false, isAdmin: true, permissions: ['ADMIN'] };
const client: TMenuUser = { isAuditor: false, isAdmin: false, permissions: permissionsOf('USER') };
const auditor: TMenuUser = { isAuditor: true, isAdmin: false, permissions: permissionsOf('auditor') };

const i18n = i18next.createInstance();
await i18n.init({ lng: 'es', resources: { es: { translation: translations.es } }, interpolation: { escapeValue: false } });

/** The crumbs after "Inicio", as text, with the linked ones marked by their path. */
const crumbs = (user: TMenuUser, pathname: string) =>
  breadcrumbTrail({ pathname, home: '/home/x', menu: visibleMenu(user), t: i18n.t, has: (key) => i18n.exists(key), linkable: () => true }).map((c) =>
    c.to ? `${c.label} <${c.to}>` : c.label,
  );

describe('breadcrumbs say what the sidebar says', () => {
  it('the planning page is "Planificación", not "Auditor / Auditorías"', () => {
    expect(crumbs(admin, '/auditor/audits')).toEqual(['Planificación']);
  });
  it('a client\'s audits are the group and its entry, not "Auditorías / Auditorías"', () => {
    expect(crumbs(client, '/client-audits/audits')).toEqual(['Auditorías', 'Auditorías realizadas']);
  });
  it('the users list is "Usuarios" once, not "Usuarios / Usuarios / Listado"', () => {
    expect(crumbs({ ...client, permissions: [...client.permissions, 'USER:MANAGEMENT'] }, '/users/users/list')).toEqual(['Usuarios']);
  });
  it('a list kind below an entry, and a detail with a link back to the entry', () => {
    expect(crumbs(admin, '/incidents/list/audits')).toEqual(['Incidencias </incidents>', 'Auditorías']);
    expect(crumbs(admin, '/admin/users/1b4e28ba-2fa1-11d2-883f-0016d3cca427/personal')).toEqual([
      'Administración',
      'Usuarios </admin/users>',
      'Detalle </admin/users/1b4e28ba-2fa1-11d2-883f-0016d3cca427>',
      'Datos personales',
    ]);
  });
  it('the register templates page is under "Gestión de registros", not "Plantillas"', () => {
    expect(crumbs(auditor, '/templates/registers')).toEqual([expect.stringMatching(/registros/i), 'Plantillas de registro']);
    expect(findMenuTrail('/templates/registers', visibleMenu(auditor))!.at(-1)!.key).toBe('registerTemplates');
    expect(findMenuTrail('/templates/1b4e28ba-2fa1-11d2-883f-0016d3cca427', visibleMenu(auditor))!.at(-1)!.key).toBe('templates');
  });
  it('paths outside the menu keep one crumb a segment', () => {
    expect(crumbs(admin, '/profile')).toEqual([i18n.t('breadcrumb.profile')]);
  });
});
