import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { atOnce } from './at-once.ts';

/**
 * argon2id (the library's default algorithm) with its default cost parameters: 19 MiB and a few
 * milliseconds of one core per hash. More hashes at once than there are cores finish no sooner,
 * but each holds its 19 MiB meanwhile (and the allocator keeps much of it after): a burst of 50
 * sign-ins took the API from 150 to over 300 MB. So at most one per core (up to libuv's 4
 * threads) runs at once and the rest wait their turn.
 */
const hashing = atOnce(Math.min(availableParallelism(), 4));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password));
}

// A real hash to verify against when the account does not exist, so both cases cost the same.
const dummyHash = hash('not-a-real-password-1A!');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const against = passwordHash ?? (await dummyHash);
  const matches = await hashing(() => verify(against, password));
  return passwordHash !== null && matches;
}
