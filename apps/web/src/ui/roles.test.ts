import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { buildLanguage } from '../i18n/resources';
import es from '../i18n/es.json';
import en from '../i18n/en.json';
import { roleSelectOptions, roleText } from './roles';

// Issue 23: roles were offered by their raw codes (SPACE_ADMIN, worker, client_manager) with nothing
// saying whose staff each one is for (decision 0062).

async function translator(language: 'es' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: buildLanguage(language, [language === 'es' ? es : en]) } } });
  return i18n.t;
}

const role = (name: string, permissions: string[] = [], superAdmin = false) => ({ _id: name, name, superAdmin, permissions });

describe('roles as people read them', () => {
  it('names the default roles and says what they may do, in Spanish and English', async () => {
    const es = await translator('es');
    expect(roleText(es, role('SPACE_ADMIN'))).toEqual({
      name: 'Administrador',
      description: 'Todo en este espacio: usuarios, clientes, plantillas y auditorías.',
    });
    expect(roleText(es, role('USER')).name).toBe('Usuario del cliente');
    expect(roleText(es, role('worker')).name).toBe('Trabajador del cliente');
    const en = await translator('en');
    expect(roleText(en, role('SUPER_ADMIN')).name).toBe('Super administrator');
    expect(roleText(en, role('worker')).description).toMatch(/registers/);
  });

  it('shows a custom role by its own name, with its count of permissions', async () => {
    const es = await translator('es');
    expect(roleText(es, role('client_manager', ['AUDIT:READ', 'USER:INVITE']))).toEqual({ name: 'client_manager', description: 'Rol propio · 2 permisos' });
  });

  it("groups the options into the company's staff and a client's staff", async () => {
    const es = await translator('es');
    const groups = roleSelectOptions(es, [
      role('SPACE_ADMIN', ['ADMIN']),
      role('USER'),
      role('auditor'),
      role('worker'),
      role('client_manager', ['AUDIT:READ', 'ISSUE:READ', 'USER:INVITE', 'USER:MANAGEMENT']),
      role('jefe de auditores', ['AUDIT:CREATE', 'TEMPLATES:READ']),
    ]);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.label)])).toEqual([
      ['Personal de la empresa', ['Administrador', 'Auditor', 'jefe de auditores']],
      ['Personal del cliente', ['Usuario del cliente', 'Trabajador del cliente', 'client_manager']],
    ]);
    expect(groups.flatMap((g) => g.options.map((o) => o.label))).not.toContain('SPACE_ADMIN');
  });
});
