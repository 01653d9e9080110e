import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { Language } from '@makazi/domain';
import { clients, users } from '../../db/schema';

export async function findGeneralInformation(db: DbOrTx, userNo: number) {
  const [row] = await db
    .select({
      UserNo: users.userNo,
      ClientNo: users.clientNo,
      Full_name: clients.fullName,
      First_name: clients.firstName,
      Last_name: clients.lastName,
      Email: users.email,
      PhoneNo: clients.phoneNo,
      Username: users.email,
      AvailableForWork: users.availableForWork,
    })
    .from(users)
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(eq(users.userNo, userNo));
  return row;
}

/** The user's own client record carries their names and phone; the full name follows the parts. */
export async function updateBioData(db: DbOrTx, clientNo: number, bio: { First_name: string; Last_name: string; PhoneNo: string }) {
  await db
    .update(clients)
    .set({
      firstName: bio.First_name,
      lastName: bio.Last_name,
      fullName: sql`${bio.First_name} || ' ' || ${bio.Last_name}`,
      phoneNo: bio.PhoneNo,
    })
    .where(eq(clients.clientNo, clientNo));
}

export async function updateLanguage(db: DbOrTx, userNo: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.userNo, userNo));
}
