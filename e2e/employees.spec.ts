import { expect, test, type Page } from '@playwright/test';
import { shoot, sidebar, signInToShell } from './helpers';

/** A DNI with its right check letter (the number modulo 23), and the same number with a wrong one. */
const number = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
const letter = 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(number) % 23]!;
const DNI = `${number}${letter}`;
const WRONG_DNI = `${number}${letter === 'A' ? 'B' : 'A'}`;
const SURNAME = `Prueba ${number.slice(-4)}`;

/** Types into a server-searched select (country, province) and picks the option named `option`. */
async function searchAndPick(page: Page, label: string, text: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

test.describe('/employees', () => {
  test('an administrator creates an employee: a wrong DNI letter is refused in Spanish, a valid one saves and is listed; then deletes it', async ({ page }) => {
    await signInToShell(page, 'admin@demo.test');
    await sidebar(page).getByRole('link', { name: 'Empleados', exact: true }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByRole('heading', { name: 'Empleados' })).toBeVisible();
    // The demo's auditor is an employee linked to their account.
    await expect(page.getByRole('link', { name: 'Álvaro Auditor', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Álvaro Auditor' })).toContainText('auditor@demo.test');
    await shoot(page, 'employees-list');

    await page.getByTestId('list-add').click();
    await expect(page).toHaveURL(/\/employees\/create$/);
    await page.getByTestId('employee-firstName').fill('Berta');
    await page.getByTestId('employee-lastName').fill(SURNAME);
    await page.getByTestId('employee-dni').fill(WRONG_DNI);
    await page.getByTestId('employee-dni').blur();
    await expect(page.getByText('El DNI o NIE no es válido: revise la letra de control')).toBeVisible();
    const birthday = page
      .getByTestId('employee-birthday')
      .locator('input')
      .or(page.getByLabel('Fecha de nacimiento', { exact: true }))
      .first();
    await birthday.fill('14-03-1990');
    await birthday.press('Enter');
    await searchAndPick(page, 'País', 'España', 'España');
    await searchAndPick(page, 'Provincia o estado', 'Valencia', 'Valencia/València');
    // Saving with the wrong letter stays on the form, the message under the field.
    await page.getByTestId('detail-save').click();
    await expect(page).toHaveURL(/\/employees\/create$/);
    await expect(page.getByText('El DNI o NIE no es válido: revise la letra de control')).toBeVisible();
    await shoot(page, 'employees-form-wrong-dni', { fullPage: true });

    await page.getByTestId('employee-dni').fill(DNI);
    await page.getByTestId('employee-dni').blur();
    await expect(page.getByText('El DNI o NIE no es válido: revise la letra de control')).toHaveCount(0);
    await page.getByTestId('detail-save').click();
    await expect(page.getByText('Creado correctamente.')).toBeVisible();
    await expect(page).toHaveURL(/\/employees$/);

    await page.getByRole('textbox', { name: 'Buscar' }).fill(SURNAME);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Berta ${SURNAME}`, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${DNI} (DNI)`);
    await expect(row).toContainText('Activo');

    // Delete asks first.
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`¿Eliminar a Berta ${SURNAME}?`);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Eliminado correctamente.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
