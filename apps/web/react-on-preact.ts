import type { Alias } from 'vite';

/**
 * The web is written against React's API and runs on Preact's (preact/compat): the same components,
 * hooks and libraries in about 11 KB of gzip instead of react-dom's 66, which is what lets /login
 * start within its 120 KB budget. Preact 11 passes `ref` to function components as a prop, as React
 * 19 does. The build, the dev server and the web's unit tests all resolve React's modules here, so
 * what is tested is what ships; the types stay React's.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
