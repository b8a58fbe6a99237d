// Gzipped sizes of the web build (apps/web/dist): every JS chunk, and the JS a fresh visit to /login
// loads before it is interactive — the entry script of index.html, its modulepreload links, every
// chunk those import statically, and the login route's lazy module with its static imports.
// Sizes are in KB of 1,024 bytes of gzip at zlib's default level, as bench/run.ts counts them.
// Node built-ins only, so the bench can run it without the web's toolchain.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The login page's module, as Vite's manifest names it (relative to apps/web). */
const LOGIN_SOURCE = 'src/features/auth/pages/login.tsx';

export interface WebBundleSizes {
  /** Gzipped KB of every JS file in `loginFiles`. */
  loginInitialGzipKb: number;
  /**
   * KB the server sends a browser for those files: the build's brotli copy of each (`.br`, which
   * the static server sends to a browser), or the file itself where the build left none.
   */
  loginInitialSentKb: number;
  /** The JS files a fresh visit to /login loads, relative to the dist directory. */
  loginFiles: string[];
  /** Every JS file of the build, largest first. */
  chunks: Array<{ file: string; gzipKb: number }>;
  totalGzipKb: number;
}

/** The part of a Vite manifest entry (`.vite/manifest.json`, `build.manifest`) read here. */
interface ManifestChunk {
  file: string;
  src?: string;
}

const gzipKb = (path: string) => gzipSync(readFileSync(path)).length / 1024;
const sentKb = (path: string) => statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size / 1024;

/** A dist-relative path with forward slashes. */
const distPath = (distDir: string, absolute: string) => relative(distDir, absolute).split(sep).join('/');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** The value of `name="…"` in one HTML tag. */
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

/** The entry script and modulepreload links of index.html, dist-relative. */
function htmlScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const url = isScript ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!url || /^[a-z]+:|^\/\//i.test(url)) continue; // none, or on another origin
    if (isScript ? attribute(tag, 'type') !== 'module' : attribute(tag, 'rel') !== 'modulepreload') continue;
    found.push(posix.normalize(url.replace(/[?#].*$/, '').replace(/^\//, '')));
  }
  return found;
}

/**
 * The files a built chunk imports statically: `import … from "./x.js"`, `import "./x.js"` and
 * `export … from "./x.js"`. Dynamic `import("./x.js")` is left out: it loads later, on demand.
 */
function staticImports(distDir: string, file: string): string[] {
  const code = readFileSync(join(distDir, file), 'utf8');
  const pattern =
    /(?:^|[;\s}/])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  return [...code.matchAll(pattern)].map(([, specifier]) =>
    posix.normalize(posix.join(posix.dirname(file), specifier!)),
  );
}

/** The login route's chunk: from Vite's manifest when the build wrote one, else by its file name. */
function loginChunk(distDir: string): string | undefined {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(
      ([key, chunk]) => (chunk.src ?? key).replace(/^\.?\//, '') === LOGIN_SOURCE,
    );
    if (entry) return entry[1].file;
  }
  const byName = jsFiles(distDir)
    .map((path) => distPath(distDir, path))
    .filter((file) => /(?:^|\/)login-[\w-]{8}\.js$/.test(file));
  return byName.length === 1 ? byName[0] : undefined;
}

/** Sizes of the JS in `distDir` (a Vite build of apps/web); throws when the login chunk is missing. */
export function measureWebBundle(distDir: string): WebBundleSizes {
  const chunks = jsFiles(distDir)
    .map((path) => ({ file: distPath(distDir, path), gzipKb: gzipKb(path) }))
    .sort((a, b) => b.gzipKb - a.gzipKb || a.file.localeCompare(b.file));
  const sizes = new Map(chunks.map((chunk) => [chunk.file, chunk.gzipKb]));

  const login = loginChunk(distDir);
  if (!login) throw new Error(`No chunk for ${LOGIN_SOURCE} in ${distDir}.`);

  const loginFiles: string[] = [];
  const pending = [...htmlScripts(distDir), login];
  while (pending.length > 0) {
    const file = pending.shift()!;
    if (loginFiles.includes(file)) continue;
    if (!sizes.has(file)) throw new Error(`${file}, loaded by /login, is not a JS file of ${distDir}.`);
    loginFiles.push(file);
    pending.push(...staticImports(distDir, file));
  }

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    loginInitialGzipKb: sum(loginFiles.map((file) => sizes.get(file)!)),
    loginInitialSentKb: sum(loginFiles.map((file) => sentKb(join(distDir, file)))),
    loginFiles,
    chunks,
    totalGzipKb: sum(chunks.map((chunk) => chunk.gzipKb)),
  };
}
