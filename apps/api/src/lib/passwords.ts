import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash to verify against when the account does not exist, so both cases cost the same.
const dummyHash = hash('not-a-real-password-1A!');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
