import { sql } from 'drizzle-orm';
import type { TConfig } from '../config.js';
import type { TDatabase } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { unsafeUnscoped } from '../platform/tenancy.js';
import { createRootSpace, createUser } from './build.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';

/**
 * First start only: SEED=demo loads the demo data; SEED=none creates the first administrator from
 * ADMIN_EMAIL / ADMIN_PASSWORD, in a company named COMPANY_NAME, when there is none. Later starts
 * keep the data as it is.
 */
export async function seedOnFirstStart(db: TDatabase, config: TConfig): Promise<{ accounts: string[] }> {
  return unsafeUnscoped(db, async (tx) => {
    const result = await tx.execute<{ spaces: number; demo: boolean }>(
      sql`select count(*)::int as spaces, exists(select 1 from spaces where identifier = 'demo') as demo from spaces`,
    );
    const { spaces, demo } = result.rows[0]!;
    if (spaces > 0) return { accounts: demo ? DEMO_ACCOUNTS : [] };
    if (config.SEED === 'demo') {
      await seedDemo(tx, config);
      return { accounts: DEMO_ACCOUNTS };
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      // The company's own name shows on every screen and on the PDF's cover ("Main" read wrong there).
      const root = await createRootSpace(tx, { name: config.COMPANY_NAME, identifier: 'main', ownerSpace: true });
      await createUser(tx, {
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
        username: config.ADMIN_EMAIL.split('@')[0],
        // Spanish, the product's default language (the user changes it in the profile).
        firstName: 'Administrador',
        home: root.space,
        roleIds: [root.roles.SPACE_ADMIN!],
      });
      return { accounts: [] };
    }
    console.warn('SEED=none and no ADMIN_EMAIL / ADMIN_PASSWORD: the database is empty and nobody can sign in.');
    return { accounts: [] };
  });
}
