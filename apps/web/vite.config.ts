import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { reactOnPreact } from './react-on-preact.ts';

const backend = 'http://localhost:3001';

/** packages/shared's sources (not its tests). */
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/](?!.*\.test\.)[^\\/]+\.ts$/;

/**
 * Marks the top-level `const x = call(…)` of packages/shared pure, so a chunk keeps only the schemas
 * it uses: a page that needs one constant or message of a file no longer brings all of that file's
 * zod schemas (and zod) with it. Those declarations only build values; the one side effect is
 * `.meta({ id })` filling zod's global registry, which the API's OpenAPI reads and the web does not.
 */
function sharedSchemasArePure(): Plugin {
  return {
    name: 'lendo:shared-schemas-are-pure',
    apply: 'build',
    transform: {
      filter: { id: SHARED_SOURCE },
      handler(code, id) {
        const calls: Array<{ start: number; end: number }> = [];
        for (const statement of this.parse(code).body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations) {
            if (init?.type === 'CallExpression') calls.push(init);
          }
        }
        let annotated = code;
        for (const { start, end } of calls.reverse()) {
          // A call starts with its callee's name and ends with ")": anything else means the offsets
          // are not what this expects, and marking would corrupt the module.
          if (!/^[\w$]/.test(code.slice(start, start + 1)) || code[end - 1] !== ')') {
            this.error(`Could not mark the declarations of ${id} pure.`);
          }
          annotated = `${annotated.slice(0, start)}/* @__PURE__ */ ${annotated.slice(start)}`;
        }
        return { code: annotated, map: null };
      },
    },
  };
}

/** What the API's static server may send compressed: text, not fonts or images already packed. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Under this a file goes as it is: with its headers it fits in one TCP packet either way. */
const MIN_BYTES = 1024;

/**
 * Writes each compressible file of the build beside itself as brotli (`.br`) and gzip (`.gz`) at
 * their smallest, once, so the API's static server (`preCompressed`) sends a browser those bytes
 * instead of compressing per request or not at all: the login page's scripts go as about a third
 * of their size.
 */
function precompressed(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith('.')) return []; // .vite: the manifest, which is not served
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'lendo:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of walk(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  // The dev server keeps components' state across edits (Preact's Fast Refresh); a build is as before.
  plugins: [
    tailwindcss(),
    sharedSchemasArePure(),
    precompressed(),
    command === 'serve' ? await prefresh() : null,
  ],
  // React's automatic JSX runtime (tsconfig's "react-jsx"), which the aliases below resolve to
  // Preact's. Said here because prefresh reads it: unsaid, it compiles JSX to Preact's classic `h`.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: { alias: [{ find: '@', replacement: '/src' }, ...reactOnPreact] },
  server: {
    proxy: {
      '/api': backend,
      '/dict': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: bench/web-bundle.ts finds the login page's chunk in it.
    manifest: true,
    rolldownOptions: {
      // Two notices that say nothing here: libraries' "use client" (there are no server components),
      // and react-router reading React's useOptimistic, which it checks for and Preact does not have.
      onLog(level, log, report) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('`useOptimistic`')) return;
        report(level, log);
      },
      // packages/shared only declares values: a module none of whose exports a chunk uses stays out.
      treeshake: { moduleSideEffects: [{ test: SHARED_SOURCE, sideEffects: false }] },
      output: {
        // The libraries every page starts with, each in one chunk of its own: fewer, better-compressed
        // files than the dozen slivers automatic splitting made of them, cached across releases.
        // The framework (Preact, as React: see react-on-preact.ts) is one chunk of about 11 KB gzip.
        codeSplitting: {
          groups: [
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 2 },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 1 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            { name: 'i18n', test: /[\\/]node_modules[\\/]i18next[^\\/]*[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
}));
