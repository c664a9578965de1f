// tsc compiles only TypeScript: copy the SQL migrations and the password list next to the compiled code.
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
cpSync(join(root, 'src/db/migrations'), join(root, 'dist/db/migrations'), { recursive: true });
cpSync(join(root, 'src/modules/auth/common-passwords.txt'), join(root, 'dist/modules/auth/common-passwords.txt'));
