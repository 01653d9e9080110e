import { hash, verify } from '@node-rs/argon2';

export interface PasswordCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  parallelism: number;
}

/** argon2id at 19 MiB and 2 passes: OWASP's baseline, and what every deployment uses (loadConfig). */
export const PASSWORD_COST: Readonly<PasswordCost> = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(passwordHash: string | undefined, password: string): Promise<boolean>;
}

/**
 * Hashes at `cost`; a stored hash is checked at the cost written in it, so
 * changing the cost never locks anyone out.
 */
export function passwords(cost: PasswordCost): Passwords {
  // A hash of nothing in particular at the same cost, so an unknown email costs the same time as a wrong password.
  const decoy = hash('not-a-real-password-decoy', cost);
  return {
    hash: (password) => hash(password, cost),
    async verify(passwordHash, password) {
      if (!passwordHash) {
        await verify(await decoy, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}
