// Compiles the API server (with the dictionary, content and shared workspaces it imports) into one
// plain JavaScript file, apps/api/dist/server.js, so production runs `node` with no TypeScript
// loader; the backup tool likewise into apps/api/dist/backup-cli.js. Packages from node_modules stay external. Files that find their data next to themselves
// (`new URL('../data', import.meta.url)`) keep finding it: each bundled file's `import.meta.url`
// is replaced by its source file's URL.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

const ownSources = {
  name: 'own-sources',
  setup(b) {
    // Bare imports are node_modules packages (external), except our workspaces, which are sources.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lendo/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: args.path.endsWith('.ts') || args.path.endsWith('.mts') ? 'ts' : 'js',
      };
    });
  },
};

await build({
  entryPoints: [`${root}/apps/api/src/server.ts`, `${root}/apps/api/src/backup-cli.ts`],
  outdir: `${root}/apps/api/dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [ownSources],
});
console.log('built apps/api/dist/server.js and apps/api/dist/backup-cli.js');
