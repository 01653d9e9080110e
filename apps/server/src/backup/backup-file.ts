import { chmod, open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';

export class BackupFileError extends Error {}

/** Every age file starts with this line (age-encryption.org/v1 spec). */
const AGE_HEADER = new TextEncoder().encode('age-encryption.org/v1\n');

export function isEncrypted(bytes: Uint8Array): boolean {
  return AGE_HEADER.every((b, i) => bytes[i] === b);
}

/**
 * PGlite's tarball names its members from the root (`/base/5/1259`) with the
 * modes its virtual file system gave them (up to 0666). Extracted as root, or
 * by a careless `tar x`, that would write outside the folder or leave files
 * anyone may read. The copy holds names relative to the data directory, files
 * 0600 and folders 0700, owned by nobody in particular.
 */
export async function privateTarball(gzipped: Uint8Array): Promise<Uint8Array> {
  const extract = tar.extract();
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = pipeline(pack, createGzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  const rewritten = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^\/+/, '');
      const directory = entry.header.type === 'directory';
      if (name === '' || name.split('/').includes('..')) throw new BackupFileError(`unexpected member in the copy: ${entry.header.name}`);
      const header = { name, type: entry.header.type, mode: directory ? 0o700 : 0o600, mtime: entry.header.mtime, uid: 0, gid: 0 };
      if (directory) {
        entry.resume();
        pack.entry(header);
        continue;
      }
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      pack.entry(header, Buffer.concat(parts));
    }
    pack.finalize();
  })();
  await Promise.all([pipeline(Readable.from([Buffer.from(gzipped)]), createGunzip(), extract), rewritten, collected]);
  return new Uint8Array(Buffer.concat(chunks));
}

/** With BACKUP_PASSPHRASE set, backups are age files (scrypt passphrase); `age -d` opens them too. */
export async function sealBackup(bytes: Uint8Array, passphrase: string | undefined, options: { scryptLogN?: number } = {}): Promise<Uint8Array> {
  if (!passphrase) return bytes;
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  if (options.scryptLogN) encrypter.setScryptWorkFactor(options.scryptLogN);
  return encrypter.encrypt(bytes);
}

export async function openBackup(bytes: Uint8Array, passphrase: string | undefined): Promise<Uint8Array> {
  if (!isEncrypted(bytes)) return bytes;
  if (!passphrase) throw new BackupFileError('This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was taken with.');
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return await decrypter.decrypt(bytes);
  } catch {
    throw new BackupFileError('Cannot decrypt this backup with BACKUP_PASSPHRASE: wrong passphrase, or the file is damaged.');
  }
}

/**
 * Writes a file only its owner can read, whatever the umask: created 0600
 * beside the target and renamed over it, so a reader never sees half a copy.
 */
export async function writePrivateFile(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  await chmod(file, 0o600);
}
