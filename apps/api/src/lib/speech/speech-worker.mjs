// Speech synthesis off the main thread: espeak-ng compiled to WebAssembly, run CLI-style once per
// request. Plain JavaScript so that it starts the same under node, tsx and vitest.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
// Compiled once per worker; every request instantiates it afresh (espeak's main() runs once).
const wasm = await WebAssembly.compile(await readFile(require.resolve('espeak-ng/dist/espeak-ng.wasm')));

/** @param {{ id: number, text: string, voice: string }} job */
async function synthesize({ text, voice }) {
  const errors = [];
  const espeak = await ESpeakNg({
    // "--" ends the options: text that starts with "-" is read, not parsed.
    arguments: ['-w', 'out.wav', '-v', voice, '--', text],
    print: () => {},
    printErr: (line) => errors.push(line),
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm));
      return {};
    },
  });
  try {
    return espeak.FS.readFile('out.wav');
  } catch {
    throw new Error(errors.join('\n') || 'espeak-ng wrote no audio');
  }
}

parentPort.on('message', async (job) => {
  try {
    const wav = await synthesize(job);
    parentPort.postMessage({ id: job.id, wav }, [wav.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
