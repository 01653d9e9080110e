// `npm run user:programmer -- <email> [--off]`: flags a user as a programmer
// (the programmer-only role, docs/access.md#role-lists), or clears the flag. Uses the same database
// as the server (DATABASE_URL, or PGlite in DATA_DIR — stop the server first).
import { normaliseEmail } from '@makazi/domain';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { users } from '../db/schema';

async function main(args: string[]) {
  const email = args.find((a) => !a.startsWith('--'));
  const on = !args.includes('--off');
  if (!email) {
    console.error('Usage: npm run user:programmer -- <email> [--off]');
    return 2;
  }
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const updated = await database.db
      .update(users)
      .set({ isProgrammer: on })
      .where(eq(users.email, normaliseEmail(email)))
      .returning({ userNo: users.userNo });
    if (updated.length === 0) {
      console.error(`No user has the email ${email}.`);
      return 1;
    }
    console.log(`User ${updated[0]!.userNo} (${email}) is ${on ? 'now' : 'no longer'} a programmer. They see it at their next sign-in.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
