import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

/**
 * A secret from its setting, or on the embedded default one generated on first start and kept in the data folder
 * (mode 0600), so sessions and sandbox data survive a restart without any set-up. Production refuses to start
 * without the settings that matter (config.ts).
 */
export function resolveDataDirSecret(config: Config, fileName: string, fromSettings: string | undefined): string {
  if (fromSettings) return fromSettings;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
