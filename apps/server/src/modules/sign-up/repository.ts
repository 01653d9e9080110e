import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clients, emailCodes, users } from '../../db/schema';

export async function emailHasAccount(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ userNo: users.userNo }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** Only the newest code for an email and purpose counts. */
export async function newestCode(db: DbOrTx, email: string, forUpdate = false, purpose: 'sign-up' | 'sign-in' = 'sign-up') {
  const query = db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertCode(db: DbOrTx, row: typeof emailCodes.$inferInsert) {
  await db.insert(emailCodes).values(row);
}

export async function recordWrongAttempt(db: DbOrTx, id: number) {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id))
    .returning({ attempts: emailCodes.attempts });
  return row!.attempts;
}

export async function consumeCode(db: DbOrTx, id: number, at: Date) {
  await db.update(emailCodes).set({ consumedAt: at }).where(eq(emailCodes.id, id));
}

export async function insertUser(
  db: DbOrTx,
  person: { firstName: string; lastName: string; email: string; phoneNo: string; passwordHash: string },
) {
  const [client] = await db
    .insert(clients)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      fullName: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phoneNo: person.phoneNo,
    })
    .returning({ clientNo: clients.clientNo });
  const [user] = await db
    .insert(users)
    .values({ clientNo: client!.clientNo, email: person.email, passwordHash: person.passwordHash })
    .returning({ userNo: users.userNo });
  return { clientNo: client!.clientNo, userNo: user!.userNo };
}
