// Run by `npm run build`: writes the migrated PGlite template a first start
// loads instead of running initdb (see db/pglite-template.ts).
import { dumpMigratedPglite } from '../db/database';
import { writePgliteTemplate } from '../db/pglite-template';

const started = performance.now();
const file = await writePgliteTemplate(() => dumpMigratedPglite());
console.log(`PGlite template ${file} (${Math.round(performance.now() - started)} ms)`);
