import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeSentence, type LearningLanguage } from '@lendo/shared';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { SpeechPool } from '../../lib/speech/speech-pool.ts';

/** espeak-ng voices per language; Portuguese is Brazilian. */
export const VOICES: Record<LearningLanguage, string> = { pt: 'pt-br', en: 'en-us', es: 'es' };

/** A cached audio file's name: the sha256 of (text, language, voice), so nothing else can be asked for. */
const AUDIO_FILE = /^([0-9a-f]{64})\.wav$/;

export interface AudioFile {
  name: string;
  path: string;
  size: number;
}

/**
 * Text to speech with a disk cache: $DATA_DIR/files/tts/<sha256 of text, language, voice>.wav.
 * The same text is synthesized once, even when asked for by several requests at the same time.
 */
export function createTtsService({ filesDir, speech }: { filesDir: string; speech: SpeechPool }) {
  const dir = join(filesDir, 'tts');
  const pending = new Map<string, Promise<AudioFile>>();

  async function existing(name: string): Promise<AudioFile | null> {
    const path = join(dir, name);
    try {
      return { name, path, size: (await stat(path)).size };
    } catch {
      return null;
    }
  }

  async function synthesize(name: string, text: string, voice: string): Promise<AudioFile> {
    let wav: Buffer;
    try {
      wav = await speech.synthesize(text, voice);
    } catch (err) {
      throw serviceUnavailable('error.speech-unavailable', err);
    }
    await mkdir(dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = join(dir, `${name}.${randomUUID()}.part`);
    await writeFile(partial, wav);
    await rename(partial, join(dir, name));
    return { name, path: join(dir, name), size: wav.length };
  }

  return {
    /** The audio of `text` read in `language`, synthesized unless it is cached. */
    async speak(text: string, language: LearningLanguage): Promise<AudioFile> {
      const normalized = normalizeSentence(text);
      const voice = VOICES[language];
      const hash = createHash('sha256')
        .update(JSON.stringify([normalized, language, voice]))
        .digest('hex');
      const name = `${hash}.wav`;
      const cached = await existing(name);
      if (cached) return cached;
      let job = pending.get(name);
      if (!job) {
        job = synthesize(name, normalized, voice).finally(() => pending.delete(name));
        pending.set(name, job);
      }
      return job;
    },

    /** A cached file by its name, or null for any other name (including paths). */
    async file(name: string): Promise<AudioFile | null> {
      return AUDIO_FILE.test(name) ? existing(name) : null;
    },
  };
}

export type TtsService = ReturnType<typeof createTtsService>;
