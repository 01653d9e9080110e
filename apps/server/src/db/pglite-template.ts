import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrationsFolder, serverRoot } from '../paths';

/**
 * A migrated, empty PGlite data directory kept as a tarball, so a first start
 * loads it instead of running initdb inside WASM (seconds) and every migration.
 * Its name carries a hash of PGlite's version and of every migration: a
 * template of other migrations is never used, the start falls back to initdb.
 * `npm run build` writes it (see build.mjs); without it a start still works.
 */
export const templateFolder = path.join(serverRoot, 'dist');

export async function templatePath(): Promise<string> {
  return path.join(templateFolder, `pglite-template-${await templateKey()}.tar.gz`);
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pkg = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(pgliteVersion(pkg));
  const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith('.sql')).sort();
  hash.update(await readFile(path.join(migrationsFolder, 'meta', '_journal.json')));
  for (const file of files) hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(entry: string): string {
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return String(createRequire(import.meta.url)(path.join(dir, 'package.json')).version);
}

/** The template for the current migrations, or undefined when none was built. */
export async function readPgliteTemplate(): Promise<Blob | undefined> {
  const file = await templatePath();
  if (!existsSync(file)) return undefined;
  return new Blob([gunzipSync(await readFile(file))]);
}

/** Writes the template unless one for the current migrations exists; answers its path. */
export async function writePgliteTemplate(dump: () => Promise<Blob>): Promise<string> {
  const file = await templatePath();
  if (existsSync(file)) return file;
  await mkdir(templateFolder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, gzipSync(Buffer.from(await (await dump()).arrayBuffer())));
  await rename(partial, file);
  // Templates of earlier migrations only take room.
  for (const old of await readdir(templateFolder)) {
    if (/^pglite-template-[0-9a-f]+\.tar\.gz$/.test(old) && path.join(templateFolder, old) !== file) {
      await rm(path.join(templateFolder, old), { force: true });
    }
  }
  return file;
}
