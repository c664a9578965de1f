import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE } from '@coincard/shared';
import { z } from 'zod';
import { parseConfig } from '../config.js';
import { createLogger } from '../lib/logger.js';
import { openRuntime } from '../runtime.js';
import { ensureUser } from '../seed/ensure-users.js';

/** `npm run admin:create -- <email> <password>`: creates an admin, or promotes an existing user to admin. */
async function main() {
  const [email = '', password = ''] = process.argv.slice(2);
  if (!z.email().safeParse(email).success || !isStrongPassword(password)) {
    console.error(`Usage: npm run admin:create -- <email> <password>\n${PASSWORD_STRENGTH_MESSAGE}`);
    process.exit(2);
  }
  const config = parseConfig(process.env);
  const runtime = await openRuntime(config, createLogger('warn'));
  try {
    const created = await ensureUser(runtime.deps, { role: 'admin', email, password });
    console.log(created ? `Admin ${email} created.` : `${email} already existed and is now an admin.`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
