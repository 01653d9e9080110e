import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/database';
import type { DarajaApp, DarajaClient, DarajaInitiator } from './daraja-client';
import * as repo from './repository';
import type { Sealer } from './sealing';

/** A token this close to its end is not used: a request sent with it could arrive after it expired. */
const TOKEN_MARGIN_MS = 60_000;

/** What `daraja_credentials.secrets` holds, sealed: the app's secrets and, once set, the initiator. */
export type SealedSecrets = Omit<DarajaApp, 'shortcode'> & { initiator?: DarajaInitiator };

/**
 * The agency's live Daraja access token: the one kept (sealed) while it has
 * more than a minute left, else a fresh one from Daraja's OAuth, kept for the
 * next call. STK, Pull, Transaction Status and payouts all take it here.
 */
export async function liveAccessToken(
  d: { db: DbOrTx; sealer: Sealer; daraja: Pick<DarajaClient, 'oauth'>; clock: Clock },
  app: DarajaApp,
  row: repo.CredentialsRow,
): Promise<string> {
  const now = d.clock.now();
  if (row.accessToken && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() - TOKEN_MARGIN_MS > now.getTime())
    return d.sealer.open(row.accessToken);
  const fresh = await d.daraja.oauth(app);
  await repo.saveAccessToken(d.db, row.agentId, d.sealer.seal(fresh.token), new Date(now.getTime() + fresh.expiresInSeconds * 1000));
  return fresh.token;
}
