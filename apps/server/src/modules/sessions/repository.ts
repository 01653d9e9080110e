import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clients, refreshTokens, sessions, users } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ userNo: users.userNo, passwordHash: users.passwordHash, language: users.language })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function findActiveSession(db: DbOrTx, userNo: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userNo, userNo), isNull(sessions.endedAt)))
    .for('update');
  return row;
}

export async function findSession(db: DbOrTx, sessionId: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.sessionId, sessionId));
  return row;
}

export async function endSession(
  db: DbOrTx,
  sessionId: string,
  at: Date,
  reason: NonNullable<typeof sessions.$inferSelect.endReason>,
) {
  const ended = await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.endedAt)))
    .returning({ sessionId: sessions.sessionId });
  return ended.length > 0;
}

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function insertRefreshToken(db: DbOrTx, row: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(row);
}

/** Consumes a refresh token in one statement: of two concurrent uses, one wins. */
export async function consumeRefreshToken(db: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, at)))
    .returning({ sessionId: refreshTokens.sessionId });
  return row;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastRefreshedAt: at }).where(eq(sessions.sessionId, sessionId));
}

export async function loadSessionUser(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: sessions.sessionId,
      userNo: users.userNo,
      clientNo: users.clientNo,
      userName: clients.fullName,
      email: users.email,
      isProgrammer: users.isProgrammer,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userNo, sessions.userNo))
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.endedAt)));
  return row;
}
