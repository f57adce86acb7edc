import { loadConfig } from '../../config.js';
import { backup, restore } from './backup.js';

/**
 * npm run backup -- <folder> / npm run restore -- <folder>: with the server's own environment
 * (DATA_DIR, DATABASE_URL, S3_BUCKET…), so the backup is of what that server serves and the restore
 * goes where a server with that environment will look (decision 0090).
 */
const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('usage: npm run backup -- <folder>   |   npm run restore -- <folder>');
  process.exit(2);
}
try {
  const config = loadConfig();
  await (command === 'backup' ? backup(config, folder) : restore(config, folder));
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
