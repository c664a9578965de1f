import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const COMPONENT_TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that replace a module with `vi.mock`: a module another file already loaded in the same process stays
 * the loaded one, so these run each in a fresh process. The rest share one per worker (decision 038).
 */
function filesMockingModules(): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join('src', file))
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}

const mocking = filesMockingModules();
const componentTests = { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], css: false };

export default defineConfig({
  plugins: [react()],
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // A component test that types and waits takes 1–3 s alone; on two cores shared with the API suite or a build
    // it can take several times that. The limit only catches a test that hangs.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores, one on CI's two: the main process only waits meanwhile.
    maxWorkers: 2,
    projects: [
      // Importing jsdom, React and Mantine again for each file was most of the suite's time (decision 038): files
      // that leave nothing behind (src/test/setup.ts cleans what they share) run one after another in a worker.
      {
        extends: true,
        test: { ...componentTests, name: 'web', include: [COMPONENT_TESTS], exclude: mocking, isolate: false },
      },
      { extends: true, test: { ...componentTests, name: 'web-mocking', include: mocking } },
      // The build's own plugins run in Node, without the browser polyfills of src/test/setup.ts.
      { extends: true, test: { name: 'build', environment: 'node', include: ['build-plugins/**/*.test.ts'] } },
    ],
  },
});
