import type { EditUserBioData, Language, UserGeneralInformation } from '@makazi/domain';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import { findGeneralInformation, updateBioData, updateLanguage } from './repository';

const NO_INFORMATION = 'No information found. Something went wrong.';

export function userService({ db }: { db: Db }) {
  return {
    /** A user reads their own record; agencies read their users through the hiring calls. */
    async generalInformation(callerUserNo: number, userNo: number): Promise<UserGeneralInformation> {
      if (userNo !== callerUserNo) throw new NotFound(NO_INFORMATION);
      const row = await findGeneralInformation(db, userNo);
      if (!row) throw new NotFound(NO_INFORMATION);
      return { ...row, AvailableForWork: row.AvailableForWork === 1 ? 1 : 0 };
    },

    /** Always the caller's own record: the request names no user. */
    editBioData: (callerClientNo: number, bio: EditUserBioData) => updateBioData(db, callerClientNo, bio),

    /** The caller's own screens' language, kept on the server so it follows them to other devices. */
    setLanguage: (callerUserNo: number, language: Language) => updateLanguage(db, callerUserNo, language),
  };
}

export type UserService = ReturnType<typeof userService>;
