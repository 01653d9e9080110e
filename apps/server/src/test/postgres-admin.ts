import pg from 'pg';

export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before the server has seen every goodbye: wait for the
 * connections to go, so the drop never cuts one off mid-close.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (c) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** The roles of a least-privilege deployment: one owns the tables and migrates, the app runs as the other. */
export const TEST_ROLES = { owner: 'makazi_test_owner', app: 'makazi_test_app' } as const;

/** `adminUrl` with another database and user (trust or the same password: test servers only). */
export function roleUrl(adminUrl: string, database: string, user: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  url.username = user;
  return url.toString();
}

/** Creates both roles once per server; runs starting at the same time may race to it. */
export async function createLeastPrivilegeRoles(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (c) => {
    const password = new URL(adminUrl).password;
    for (const role of Object.values(TEST_ROLES)) {
      const exists = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      if (exists.rowCount) continue;
      const withPassword = password ? ` PASSWORD ${c.escapeLiteral(decodeURIComponent(password))}` : '';
      await c.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE${withPassword}`).catch((error: { code?: string }) => {
        // duplicate_object, or unique_violation when two sessions create it at once
        if (error.code !== '42710' && error.code !== '23505') throw error;
      });
    }
  });
}
