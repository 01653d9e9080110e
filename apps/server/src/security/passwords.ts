import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing in particular, so an unknown email costs the same time as a wrong password. */
const DECOY_HASH = hash('not-a-real-password-decoy');

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DECOY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
