import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './paths';
import { PASSWORD_COST, type PasswordCost } from './security/passwords';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Connections each process keeps to PostgreSQL. Processes × pool size must stay
     * under the server's max_connections (100 by default), or PgBouncer's pool in front.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    /**
     * Hot reads run as named prepared statements. A PgBouncer in transaction mode
     * older than 1.21 (Debian 12 ships 1.18), or without max_prepared_statements,
     * loses them between transactions: set false behind one.
     */
    DATABASE_NAMED_STATEMENTS: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v !== 'false' && v !== '0'),
    /** Whether this process runs background work (the jobs engine, decision 051): 0 for a web-only process. */
    WORKERS: z
      .enum(['1', '0', 'true', 'false', ''])
      .default('1')
      .transform((v) => v !== '0' && v !== 'false'),
    DATA_DIR: z.string().min(1).default('data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Makazi <no-reply@makazi.local>'),
    WEB_DIST: z.string().min(1).optional(),
    /** Multiplies every rate limit: for many users behind one address (an office NAT), or tests. */
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (trust instanceof Error) {
          ctx.addIssue({ code: 'custom', message: trust.message });
          return z.NEVER;
        }
        return trust;
      }),
    /** The owner role's URL for migrations; DATABASE_URL may then be a role that can only read and append. */
    MIGRATION_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where people open the app; an https:// address switches on HSTS and upgrade-insecure-requests. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** `true` when a proxy in front terminates TLS for every visitor, without a PUBLIC_URL. */
    TLS_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** Africa's Talking SMS for tenants' receipts: off unless both username and key are set. */
    AT_SMS_BASE_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .default('https://api.africastalking.com'),
    AT_USERNAME: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AT_API_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AT_SENDER_ID: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The secret part of the delivery report address given to Africa's Talking: /api/sms/delivery/<token>. */
    AT_DELIVERY_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Daraja (M-Pesa API) for STK Push: https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke. */
    DARAJA_BASE_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .default('https://sandbox.safaricom.co.ke'),
    /** KRA's eTIMS OSCU API (decision 060): the sandbox until KRA certifies the integration, then https://etims-api.kra.go.ke/etims-api. */
    ETIMS_BASE_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .default('https://etims-api-sbx.kra.go.ke/etims-api'),
    /** 32 bytes (64 hex digits or base64) that seal each agency's Daraja secrets and eTIMS communication keys in the database. */
    DARAJA_SECRETS_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .refine(
        (v) => v === undefined || secretsKey(v) !== null,
        'must be 32 bytes as 64 hex digits or base64',
      ),
    /** When set, `npm run backup` encrypts the file with it (age, scrypt) and `restore` decrypts with it. */
    BACKUP_PASSPHRASE: z
      .string()
      .min(12, 'must be at least 12 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** End-to-end tests only: a file holding the date-time the server takes as now. Refused in production. */
    TEST_CLOCK_FILE: z.string().min(1).optional(),
  })
  .refine((e) => !(e.TEST_CLOCK_FILE && e.NODE_ENV === 'production'), {
    message: 'is for tests only and is refused when NODE_ENV is production',
    path: ['TEST_CLOCK_FILE'],
  });

/**
 * Which X-Forwarded-For hops to believe: none (the default; the client is the
 * socket's peer), the last N proxies, or proxies at the given addresses.
 * "Believe everything" is refused: any client could then claim any address
 * and step around every per-address limit.
 */
export type TrustProxy = false | number | string[];

const ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'off' || text === '0') return false;
  if (text === 'true')
    return new Error(
      'true would believe any X-Forwarded-For; give the number of proxies in front (1) or their addresses',
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : new Error('at most 10 proxy hops');
  }
  const addresses = text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = addresses.find((a) => !ADDRESS.test(a));
  return bad ? new Error(`not an address or CIDR range: ${bad}`) : addresses;
}

/** DARAJA_SECRETS_KEY as 32 bytes, or null when it is not that. */
export function secretsKey(text: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; migrationUrl?: string | undefined; poolSize: number; namedStatements: boolean }
  | { kind: 'pglite'; dataDir: string | undefined };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  database: DatabaseConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Folder holding the built SPA; absent in tests that need no pages. */
  webDist: string | undefined;
  rateLimits: RateLimits;
  /** argon2id cost of new password hashes: OWASP's baseline, cheaper only in the API tests (test/app.ts). */
  passwordCost: PasswordCost;
  trustProxy: TrustProxy;
  publicUrl: string | undefined;
  /** Served to browsers over HTTPS only: HSTS and upgrade-insecure-requests are safe to send. */
  https: boolean;
  /** Send receipts to tenants by themselves after each posting; API tests turn it off and drain by hand. */
  deliverNotices: boolean;
  /** Africa's Talking SMS, or undefined when SMS is off. */
  sms:
    | {
        baseUrl: string;
        username: string;
        apiKey: string;
        senderId: string | undefined;
        deliveryToken?: string | undefined;
      }
    | undefined;
  /** Set only outside production: the file a test writes to move the server's clock. */
  testClockFile: string | undefined;
  daraja: { baseUrl: string; secretsKey: Buffer | null };
  /** eTIMS: its keys are sealed with daraja.secretsKey. */
  etims: { baseUrl: string };
  /** Ask Daraja about STK requests whose callback never came; API tests turn it off and ask by hand. */
  recoverStk: boolean;
  /** Runs background work (invoicing, penalties, notices, STK recovery, pruning); WORKERS=0 serves requests only. */
  workers: boolean;
  backupPassphrase: string | undefined;
}

type Rule = { limit: number; windowSeconds: number };
export interface RateLimits {
  /** Failed sign-ins from one address, whatever the email. */
  loginPerIp: Rule;
  /** Failed sign-ins on one email from one address: a stranger's failures never lock the owner out elsewhere. */
  loginPerEmail: Rule;
  /** Failed sign-ins on one account from all addresses together: guessing stays bounded. */
  loginPerAccount: Rule;
  /** Email availability checks from one address. */
  emailChecksPerIp: Rule;
  codesPerIp: Rule;
  codesPerEmail: Rule;
  signUpPerIp: Rule;
  /** Hire look-ups of the user directory, per account and per address: no harvesting of who uses Makazi. */
  directoryPerAccount: Rule;
  directoryPerIp: Rule;
  /** Hire offer mail: per sending account, and per person offered (or invited) whoever sends. */
  offersPerAgency: Rule;
  offersPerRecipient: Rule;
  /** Tenant-link openings with a wrong token from one address. */
  tenantLinkPerIp: Rule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 60, windowSeconds: 15 * 60 },
  loginPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 100, windowSeconds: 60 * 60 },
  emailChecksPerIp: { limit: 60, windowSeconds: 60 * 60 },
  codesPerIp: { limit: 30, windowSeconds: 60 * 60 },
  codesPerEmail: { limit: 6, windowSeconds: 60 * 60 },
  signUpPerIp: { limit: 20, windowSeconds: 60 * 60 },
  directoryPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  directoryPerIp: { limit: 60, windowSeconds: 60 * 60 },
  offersPerAgency: { limit: 20, windowSeconds: 24 * 60 * 60 },
  offersPerRecipient: { limit: 3, windowSeconds: 24 * 60 * 60 },
  tenantLinkPerIp: { limit: 30, windowSeconds: 15 * 60 },
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable stops the start naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AppConfig> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const database: DatabaseConfig = e.DATABASE_URL
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        migrationUrl: e.MIGRATION_DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        namedStatements: e.DATABASE_NAMED_STATEMENTS,
      }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    rateLimits: scaleLimits(DEFAULT_RATE_LIMITS, e.RATE_LIMIT_SCALE),
    passwordCost: PASSWORD_COST,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    https: e.TLS_PROXY || (e.PUBLIC_URL?.startsWith('https://') ?? false),
    deliverNotices: true,
    sms:
      e.AT_USERNAME && e.AT_API_KEY
        ? {
            baseUrl: e.AT_SMS_BASE_URL,
            username: e.AT_USERNAME,
            apiKey: e.AT_API_KEY,
            senderId: e.AT_SENDER_ID,
            deliveryToken: e.AT_DELIVERY_TOKEN,
          }
        : undefined,
    testClockFile: e.TEST_CLOCK_FILE,
    daraja: {
      baseUrl: e.DARAJA_BASE_URL.replace(/\/+$/, ''),
      secretsKey: e.DARAJA_SECRETS_KEY ? secretsKey(e.DARAJA_SECRETS_KEY) : null,
    },
    etims: { baseUrl: e.ETIMS_BASE_URL.replace(/\/+$/, '') },
    recoverStk: true,
    workers: e.WORKERS,
    backupPassphrase: e.BACKUP_PASSPHRASE,
  });
}

/** The per-account bound is not per address: many users behind one office address do not widen it. */
function scaleLimits(limits: RateLimits, scale: number): RateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [
      name,
      name === 'loginPerAccount' ? rule : { ...rule, limit: Math.ceil(rule.limit * scale) },
    ]),
  ) as unknown as RateLimits;
}
