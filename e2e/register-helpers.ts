import { expect, type Page } from '@playwright/test';
import { pick, pickTreeNode } from './helpers';

/** What the office walks share to set up a register on its screens: the template editor and the register form. */

export interface TRegisterTemplateSpec {
  name: string;
  title: string;
  /** A REGISTER category of the tree, by its exact name. */
  category: string;
  section: string;
  /** A temperature param with its limits (°C). */
  param: { name: string; min: number; max: number };
}

/** The template in the editor: its header, one section, a temperature param with its limits said in words; its id. */
export async function buildRegisterTemplate(admin: Page, spec: TRegisterTemplateSpec): Promise<string> {
  await admin.goto('/templates/registers');
  await admin.getByTestId('list-add').click({ timeout: 30_000 });
  const header = admin.getByRole('dialog', { name: 'Nueva plantilla de registro' });
  await header.getByLabel('Nombre').fill(spec.name);
  await header.getByLabel('Título').fill(spec.title);
  await pickTreeNode(admin, header.getByLabel('Categoría'), spec.category);
  await header.getByTestId('register-template-save').click();
  await expect(admin, 'the template is created and opens in its editor').toHaveURL(/\/templates\/manage\/register-type\/[0-9a-f-]{36}$/);
  await admin.getByLabel('Título de la nueva sección').fill(spec.section);
  await admin.getByRole('button', { name: 'Añadir sección' }).click();
  const section = admin.getByTestId('register-section').filter({ hasText: spec.section });
  await section.getByRole('button', { name: 'Añadir parámetro' }).click();
  const param = admin.getByRole('dialog', { name: 'Añadir parámetro' });
  const limits = `entre ${spec.param.min} °C y ${spec.param.max} °C`;
  await param.getByLabel('Nombre').fill(spec.param.name);
  await param.getByTestId('item-min').fill(String(spec.param.min));
  await param.getByTestId('item-max').fill(String(spec.param.max));
  await expect(param.getByTestId('limits-preview')).toContainText(limits);
  await param.getByTestId('register-item-save').click();
  await expect(section.getByTestId('register-item').filter({ hasText: spec.param.name }), 'the param is saved with its limits').toContainText(limits);
  return admin.url().split('/').pop()!;
}

export interface TRegisterSpec {
  name: string;
  client: string;
  /** The facility type, as the form's 'Área' names it ('Cocina'). */
  areaAccess: string;
  template: string;
  category: string;
  /** Options of 'Establecimientos' ('Todos (2)' or names) and of 'Instalaciones', exact. */
  establishments: string[];
  facilities: string[];
  period: string;
  frequency: string;
}

/**
 * The register in the management list's form, saved; its id. `beforeSave` runs on the filled form
 * (a screenshot).
 */
export async function createRegister(admin: Page, spec: TRegisterSpec, beforeSave?: () => Promise<void>): Promise<string> {
  await admin.goto('/registers/management');
  await admin.getByTestId('list-add').click({ timeout: 30_000 });
  const form = admin.getByTestId('register-form');
  await form.getByLabel('Nombre').fill(spec.name);
  await pick(admin, form.getByLabel('Cliente'), spec.client, { exact: true });
  await pick(admin, form.getByLabel('Área'), spec.areaAccess, { exact: true });
  await pick(admin, form.getByLabel('Plantilla'), spec.template, { exact: true });
  await pickTreeNode(admin, form.getByLabel('Categoría'), spec.category);
  for (const establishment of spec.establishments) await pick(admin, form.getByLabel('Establecimientos'), establishment, { exact: true });
  for (const facility of spec.facilities) await pick(admin, form.getByLabel('Instalaciones'), facility, { exact: true });
  await admin.keyboard.press('Escape');
  // One select at a time: the next opens only once the last one's list has closed (a closing list
  // still matches ':visible' and its option is then clicked instead of the new one's).
  const listsClosed = () => expect(admin.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await listsClosed();
  await pick(admin, form.getByLabel('Periodo'), spec.period, { exact: true });
  await listsClosed();
  await pick(admin, form.getByLabel('Frecuencia'), spec.frequency, { exact: true });
  await listsClosed();
  await beforeSave?.();
  await form.getByTestId('register-save').click();
  await expect(admin, 'the register is created and opens its detail').toHaveURL(/\/registers\/management\/[0-9a-f-]{36}$/);
  await expect(admin.getByTestId('register-detail')).toContainText(spec.facilities[0]!);
  return admin.url().split('/').pop()!;
}
