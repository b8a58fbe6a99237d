import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/react-on-preact.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/dictionary/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: {
          alias: [
            { find: '@', replacement: fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
            // Its ES module build: the CommonJS one would require() React itself.
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL(
                  './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                  import.meta.url,
                ),
              ),
            },
            ...reactOnPreact,
          ],
          // Libraries' ES module builds, as the browser gets them: a CommonJS build would require()
          // React itself, past the aliases.
          conditions: ['module', 'browser', 'development'],
          mainFields: ['browser', 'module', 'main'],
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          // What main.tsx installs before the app renders.
          setupFiles: ['apps/web/src/lib/react-parity.ts'],
          // Libraries are bundled like the web's own code, so they too get React's API from Preact.
          server: { deps: { inline: true } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
