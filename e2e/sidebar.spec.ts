import { expect, test } from '@playwright/test';
import { sidebar, sidebarLabels, signInToShell } from './helpers';

// Plantillas follows TEMPLATES:READ, not the kind of user: auditors hold it (read only), client users do not.
// Auditors follow incidents up too (decision 0038).
const AUDITOR_ITEMS = ['Inicio', 'Incidencias', 'Estadísticas', 'Calendario de visitas', 'Registros', 'Auditorías', 'Preguntas frecuentes', 'Plantillas'];
const CLIENT_ITEMS = ['Inicio', 'Registros', 'Auditorías', 'Datos de laboratorio', 'Incidencias', 'Documentación', 'Estadísticas', 'Preguntas frecuentes'];

test.describe('sidebar by kind of user', () => {
  test('an auditor sees auditor items only', async ({ page }) => {
    await signInToShell(page, 'auditor@demo.test');
    await expect(page).toHaveURL(/\/home\/auditor$/);
    expect(await sidebarLabels(page)).toEqual(AUDITOR_ITEMS);
    await sidebar(page).getByRole('menuitem', { name: 'Registros' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Gestión' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Inspección' })).toBeVisible();
    await expect(page.getByText('Administración')).toHaveCount(0);
    await expect(page.getByText('Datos de laboratorio')).toHaveCount(0);
    await expect(sidebar(page).getByText('Clientes', { exact: true })).toHaveCount(0);
    await expect(sidebar(page).getByText('Configuración', { exact: true })).toHaveCount(0);
  });

  test('a client sees client items only', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await expect(page).toHaveURL(/\/home\/client$/);
    expect(await sidebarLabels(page)).toEqual(CLIENT_ITEMS);
    await expect(page.getByText('Calendario de visitas')).toHaveCount(0);
    await expect(sidebar(page).getByText('Plantillas', { exact: true })).toHaveCount(0);
    await sidebar(page).getByRole('menuitem', { name: 'Datos de laboratorio' }).click();
    for (const child of ['Alimentos', 'Piscina', 'Legionela', 'Otros'])
      await expect(sidebar(page).getByRole('link', { name: child, exact: true })).toBeVisible();
  });

  test('an admin sees the client items, templates, employees, clients, contracts and the Administration and Settings groups', async ({ page }) => {
    await signInToShell(page, 'admin@demo.test');
    // The client items, with the office's registers group (set-up, decision 0035; named apart from the
    // clients' "Registros") and the audit list where the office plans audits (issue 13), named
    // "Planificación" so that it is not a second "Auditorías" beside the client group, after Estadísticas.
    const clientItems = [...CLIENT_ITEMS];
    // The visits calendar is the office's too (issue 26), before them.
    clientItems.splice(clientItems.indexOf('Estadísticas') + 1, 0, 'Calendario de visitas', 'Gestión de registros', 'Planificación');
    // The office's people and the clients' contracts (decisions 0084, 0083) beside the clients.
    expect(await sidebarLabels(page)).toEqual([
      ...clientItems,
      'Plantillas',
      'Empleados',
      'Clientes',
      'Contratos',
      'Plan de visitas',
      'Administración',
      'Configuración',
    ]);
    await sidebar(page).getByRole('menuitem', { name: 'Gestión de registros' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Gestión', exact: true })).toHaveAttribute('href', '/registers/management');
    await expect(sidebar(page).getByRole('link', { name: 'Plantillas de registro', exact: true })).toHaveAttribute('href', '/templates/registers');
    await expect(sidebar(page).getByRole('link', { name: 'Plantillas', exact: true })).toHaveAttribute('href', '/templates');
    await expect(sidebar(page).getByRole('link', { name: 'Clientes', exact: true })).toHaveAttribute('href', '/clients');
    await sidebar(page).getByRole('menuitem', { name: 'Administración' }).click();
    for (const entry of ['Usuarios', 'Roles y permisos', 'Trazas', 'Espacios', 'Solicitudes de acceso', 'Ajustes']) {
      await expect(sidebar(page).getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await sidebar(page).getByRole('menuitem', { name: 'Configuración' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Nomenclaturas', exact: true })).toHaveAttribute('href', '/settings/nomenclatures');
    await expect(sidebar(page).getByRole('link', { name: 'Servicios', exact: true })).toHaveAttribute('href', '/settings/services');
    await expect(sidebar(page).getByRole('link', { name: 'Editar preguntas frecuentes', exact: true })).toHaveAttribute('href', '/settings/faqs');
  });

  test("the demo's client manager sees the client items and Usuarios, which lists the hotel's people", async ({ page }) => {
    await signInToShell(page, 'gerente@demo.test');
    await expect(page).toHaveURL(/\/home\/client$/);
    const labels = await sidebarLabels(page);
    expect(labels.filter((label) => label !== 'Usuarios')).toEqual(CLIENT_ITEMS);
    expect(labels).toContain('Usuarios');
    await sidebar(page).getByRole('menuitem', { name: 'Usuarios' }).click();
    await sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/users\/list$/);
    await expect(page.locator('.ant-table-row').filter({ hasText: 'client@demo.test' })).toHaveCount(1);
  });

  test('a client opening an admin page is refused; every announced section has its screen', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await page.goto('/admin/users');
    await expect(page.getByText('Acceso restringido')).toBeVisible();
    // The last section that said "coming soon", documentation, has its screen now (decision 0088).
    await page.goto('/documentation');
    await expect(page.getByRole('heading', { name: 'Documentación', exact: true }).first()).toBeVisible();
    await expect(page.getByText('Esta sección llegará en una próxima versión.')).toHaveCount(0);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home\/client$/);
  });
});
