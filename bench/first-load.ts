// The bytes a browser fetches to show one page of the built SPA before any
// interaction: index.html's script, module preloads and stylesheets, plus the
// page's lazy chunk and every chunk it imports statically. Gzip and brotli
// sizes are computed here, as the server sends them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface FirstLoad {
  page: string;
  files: number;
  js: { raw: number; gzip: number; brotli: number };
  css: { raw: number; gzip: number; brotli: number };
  /** The largest files by gzip size: what the figure is made of. */
  largest?: { file: string; gzip: number }[];
}

const IMPORTS = /(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g;

export function firstLoad(dist: string, page: string, chunkPrefix: string): FirstLoad {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const wanted = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) wanted.add(m[1]!);
  const assets = path.join(dist, 'assets');
  const lazy = readdirSync(assets).find((f) => f.startsWith(`${chunkPrefix}-`) && f.endsWith('.js'));
  if (lazy) wanted.add(`assets/${lazy}`);
  // Follow static imports of every JS file (dynamic imports are not followed).
  const queue = [...wanted].filter((f) => f.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop()!;
    const code = readFileSync(path.join(dist, file), 'utf8').replace(/import\(\s*["'][^"']+["']\s*\)/g, '');
    for (const m of code.matchAll(IMPORTS)) {
      const dep = path.posix.join(path.posix.dirname(file), m[1]!);
      if (!wanted.has(dep)) {
        wanted.add(dep);
        queue.push(dep);
      }
    }
  }
  const sizes = new Map<string, number>();
  const sum = (ext: string) => {
    const t = { raw: 0, gzip: 0, brotli: 0 };
    for (const f of wanted) {
      if (!f.endsWith(ext)) continue;
      const bytes = readFileSync(path.join(dist, f));
      const gzip = gzipSync(bytes, { level: 9 }).length;
      sizes.set(f.replace(/^assets\//, ''), gzip);
      t.raw += bytes.length;
      t.gzip += gzip;
      t.brotli += brotliCompressSync(bytes).length;
    }
    return t;
  };
  const js = sum('.js');
  const css = sum('.css');
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([file, gzip]) => ({ file, gzip }));
  return { page, files: wanted.size, js, css, largest };
}

