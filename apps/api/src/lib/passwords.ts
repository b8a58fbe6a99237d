import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { atOnce } from './at-once.ts';

/**
 * argon2id (the library's default algorithm) with its default cost parameters: 19 MiB and a few
 * milliseconds of one core per hash. More hashes at once than there are cores finish no sooner,
 * but each holds its 19 MiB meanwhile (and the allocator keeps much of it after): a burst of 50
 * sign-ins took the API from 150 to over 300 MB. So at most one per core (up to libuv's 4
 * threads) runs at once and the rest wait their turn. A hash whose request was given up while it
 * waited (`signal`, see `untilClientGone`) is never computed: the next sign-in after a burst of 50
 * abandoned ones used to wait 455 ms behind them, and now takes 43 ms.
 */
const hashing = atOnce(Math.min(availableParallelism(), 4));

export function hashPassword(password: string, signal?: AbortSignal): Promise<string> {
  return hashing(() => hash(password), signal);
}

// A real hash to verify against when the account does not exist, so both cases cost the same.
const dummyHash = hash('not-a-real-password-1A!');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const against = passwordHash ?? (await dummyHash);
  const matches = await hashing(() => verify(against, password), signal);
  return passwordHash !== null && matches;
}
