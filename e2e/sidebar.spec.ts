import { expect, test } from '@playwright/test';
import { sidebar, sidebarLabels, signInToShell } from './helpers';

const AUDITOR_ITEMS = ['Inicio', 'Estadísticas', 'Calendario de visitas', 'Registros', 'Auditorías', 'Preguntas frecuentes'];
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
  });

  test('a client sees client items only', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await expect(page).toHaveURL(/\/home\/client$/);
    expect(await sidebarLabels(page)).toEqual(CLIENT_ITEMS);
    await expect(page.getByText('Calendario de visitas')).toHaveCount(0);
    await sidebar(page).getByRole('menuitem', { name: 'Datos de laboratorio' }).click();
    for (const child of ['Alimentos', 'Piscina', 'Legionela', 'Otros']) await expect(sidebar(page).getByRole('link', { name: child, exact: true })).toBeVisible();
  });

  test('an admin sees the client items and the Administration group', async ({ page }) => {
    await signInToShell(page, 'admin@demo.test');
    expect(await sidebarLabels(page)).toEqual([...CLIENT_ITEMS, 'Administración', 'Configuración']);
    await sidebar(page).getByRole('menuitem', { name: 'Administración' }).click();
    for (const entry of ['Usuarios', 'Roles y permisos', 'Trazas', 'Espacios', 'Solicitudes de acceso', 'Ajustes']) {
      await expect(sidebar(page).getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
  });

  test('a client opening an admin page is refused, a section without a screen says so', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await page.goto('/admin/users');
    await expect(page.getByText('Acceso restringido')).toBeVisible();
    await page.goto('/incidents');
    await expect(page.getByText('Esta sección llegará en una próxima versión.')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home\/client$/);
  });
});
