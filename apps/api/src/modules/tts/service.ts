import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
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
  /** How long the audio plays. */
  seconds: number;
}

/** Bytes of a WAV file read to find its length: the RIFF header, fmt and the data chunk's header. */
const WAV_HEADER_BYTES = 4096;

/** The playing time of a PCM WAV file, from its header (`fileSize` bounds a streamed data length). */
export function wavSeconds(header: Buffer, fileSize: number): number {
  let byteRate = 0;
  for (let at = 12; at + 8 <= header.length;) {
    const id = header.toString('ascii', at, at + 4);
    const size = header.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 20 <= header.length) byteRate = header.readUInt32LE(at + 16);
    if (id === 'data') return byteRate > 0 ? Math.min(size, fileSize - at - 8) / byteRate : 0;
    at += 8 + size + (size % 2);
  }
  return 0;
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
    let file;
    try {
      file = await open(path);
    } catch {
      return null;
    }
    try {
      const { size } = await file.stat();
      const { buffer, bytesRead } = await file.read(Buffer.alloc(WAV_HEADER_BYTES), 0, WAV_HEADER_BYTES, 0);
      return { name, path, size, seconds: wavSeconds(buffer.subarray(0, bytesRead), size) };
    } finally {
      await file.close();
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
    return { name, path: join(dir, name), size: wav.length, seconds: wavSeconds(wav, wav.length) };
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
