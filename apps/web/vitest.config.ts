import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          css: false,
        },
      },
      // The build's own plugins run in Node, without the browser polyfills of src/test/setup.ts.
      { extends: true, test: { name: 'build', environment: 'node', include: ['build-plugins/**/*.test.ts'] } },
    ],
  },
});
