import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, TrustProxy } from './config';
import { openDatabase, type Database } from './db/database';
import { statisticsKeeper } from './db/statistics';
import { readFileSync } from 'node:fs';
import { fileClock, systemClock, type Clock } from './clock';
import { agentRoutes } from './modules/agents/routes';
import { agentService, type AgentService } from './modules/agents/service';
import { clientRoutes } from './modules/clients/routes';
import { clientService, type ClientService } from './modules/clients/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dashboardService, type DashboardService } from './modules/dashboard/service';
import { registerAuditActor } from './modules/audit/actor';
import { auditRoutes } from './modules/audit/routes';
import { auditService, type AuditService } from './modules/audit/service';
import { outboxRoutes } from './modules/outbox/routes';
import { outboxService, type OutboxService } from './modules/outbox/service';
import { passwords } from './security/passwords';
import { proxyWarning } from './security/proxy-warning';
import { findHouseRoutes } from './modules/find-house/routes';
import { findHouseService, type FindHouseService } from './modules/find-house/service';
import { healthRoutes } from './modules/health/routes';
import { healthService, type HealthService } from './modules/health/service';
import { hiringRoutes } from './modules/hiring/routes';
import { hiringService, type HiringService } from './modules/hiring/service';
import { houseRoutes } from './modules/houses/routes';
import { chargesRoutes } from './modules/charges/routes';
import { chargesService, type ChargesService } from './modules/charges/service';
import { waterService, type WaterService } from './modules/charges/water-service';
import { africasTalkingBulk } from './modules/reminders/bulk-sms';
import { deliveryReportRoutes, reminderRoutes } from './modules/reminders/routes';
import { reminderService, type ReminderService } from './modules/reminders/service';
import { invoicingRoutes } from './modules/invoicing/routes';
import { rentReviewRoutes } from './modules/rent-reviews/routes';
import { rentReviewService, type RentReviewService } from './modules/rent-reviews/service';
import { invoicingService, type InvoicingService } from './modules/invoicing/service';
import { landlordMoneyRoutes } from './modules/landlord-money/routes';
import { landlordMoneyService, type LandlordMoneyService } from './modules/landlord-money/service';
import { landlordLinkRoutes, landlordViewRoutes } from './modules/landlord-view/routes';
import { landlordViewService, type LandlordViewService } from './modules/landlord-view/service';
import { moneyRoutes } from './modules/money/routes';
import { ownerStatementRoutes } from './modules/owner-statements/routes';
import { ownerStatementService, type OwnerStatementService } from './modules/owner-statements/service';
import { rentalTaxRoutes } from './modules/rental-tax/routes';
import { rentalTaxService, type RentalTaxService } from './modules/rental-tax/service';
import { expenseRoutes } from './modules/expenses/routes';
import { expenseService, type ExpenseService } from './modules/expenses/service';
import { passThroughRoutes } from './modules/pass-through/routes';
import { passThroughService, type PassThroughService } from './modules/pass-through/service';
import { clientMoneyRoutes } from './modules/client-money/routes';
import { clientMoneyService, type ClientMoneyService } from './modules/client-money/service';
import { feeTransferRoutes } from './modules/fee-transfers/routes';
import { etimsRoutes, etimsService, oscuClient, type EtimsService } from './modules/etims';
import { kycRoutes } from './modules/kyc/routes';
import { kycService, type KycService } from './modules/kyc/service';
import { openingBalanceRoutes, openingBalanceService, type OpeningBalanceService } from './modules/opening-balances';
import { bookImportRoutes, bookImportService, type BookImportService } from './modules/book-import';
import { feeTransferService, type FeeTransferService } from './modules/fee-transfers/service';
import { payoutRoutes } from './modules/payouts/routes';
import { payoutService, type PayoutService } from './modules/payouts/service';
import { mpesaPayoutService, type MpesaPayoutService } from './modules/mpesa-payouts/service';
import { darajaPayoutClient } from './modules/mpesa-payouts/daraja-payouts';
import { mpesaPayoutCallbackRoutes, mpesaPayoutRoutes } from './modules/mpesa-payouts/routes';
import { moneyService, type MoneyService } from './modules/money/service';
import { bankRoutes } from './modules/bank/routes';
import { bankService, type BankService } from './modules/bank/service';
import { ledgerExportRoutes } from './modules/ledger-export/routes';
import { ledgerExportService, type LedgerExportService } from './modules/ledger-export/service';
import { mpesaCallbackRoutes } from './modules/mpesa/callback-routes';
import { callbackService } from './modules/mpesa/callback-service';
import { paybillService } from './modules/mpesa/paybill-service';
import { queueService } from './modules/mpesa/queue-service';
import { mpesaRoutes } from './modules/mpesa/routes';
import { statementService } from './modules/mpesa/statement-service';
import { receiptNotifier, type ReceiptNotifier } from './modules/receipt-notices/notifier';
import { africasTalkingSms } from './modules/receipt-notices/sms';
import { statementRoutes } from './modules/statements/routes';
import { tenantStatementService, type TenantStatementService } from './modules/statements/service';
import { tenancyRoutes } from './modules/tenancies/routes';
import { tenancyService, type TenancyService } from './modules/tenancies/service';
import { houseService, type HouseService } from './modules/houses/service';
import { propertyRoutes } from './modules/properties/routes';
import { propertyService, type PropertyService } from './modules/properties/service';
import { sessionRoutes } from './modules/sessions/routes';
import { sessionService, type SessionService } from './modules/sessions/service';
import { signUpRoutes } from './modules/sign-up/routes';
import { signUpService, type SignUpService } from './modules/sign-up/service';
import { userRoutes } from './modules/users/routes';
import { userService, type UserService } from './modules/users/service';
import { maintenanceRoutes } from './modules/maintenance/routes';
import { maintenanceService, type MaintenanceService } from './modules/maintenance/service';
import { mpesaPullCallbackRoutes, mpesaPullRoutes, mpesaPullService, type MpesaPullService } from './modules/mpesa-pull';
import { darajaClient } from './modules/stk/daraja-client';
import { darajaRoutes, stkCallbackRoutes } from './modules/stk/routes';
import { sealer } from './modules/stk/sealing';
import { stkService, type StkService } from './modules/stk/service';
import { dataProtectionRoutes } from './modules/data-protection/routes';
import { dataProtectionService, type DataProtectionService } from './modules/data-protection/service';
import { tenantLinkRoutes } from './modules/tenant-links/routes';
import { tenantLinkService, type TenantLinkService } from './modules/tenant-links/service';
import { tenantPageHtmlRoutes } from './modules/tenant-page/html-routes';
import { tenantPageRoutes } from './modules/tenant-page/routes';
import { tenantPageService, type TenantPageService } from './modules/tenant-page/service';
import { registerAgentScope } from './plugins/agent-scope';
import { registerAuthenticate } from './plugins/authenticate';
import { createMailer, type Mailer } from './plugins/mailer';
import { createRateLimiter } from './security/rate-limiter';
import { loadTokens, type Tokens } from './security/tokens';
import type { HelmetOptions } from 'helmet';
import { registerInputGuard } from './http/input-guard';
import { OneLinePerRequest, requestForLog } from './http/request-log';
import { registerErrorHandler } from './plugins/error-handler';
import { registerAnswerLanguage } from './plugins/reader-language';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { backgroundJobs } from './background-jobs';
import { jobEngine, type JobEngine } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<AppConfig>;
    database: Database;
    clock: Clock;
    tokens: Tokens;
    mailer: Mailer;
    services: Services;
    /** Every route the app serves (method and URL), as registered: the authorization tests walk it. */
    routeTable: readonly { method: string; url: string }[];
    notices: ReceiptNotifier;
    /** The background work (decision 051): server.ts starts it where WORKERS allows. */
    jobs: JobEngine;
  }
}

export interface BuildOptions {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
  clock?: Clock;
  /** Where the log lines go instead of stdout (tests read what an operator would see at start). */
  logStream?: { write(line: string): void };
}

interface Services {
  mpesaPayouts: MpesaPayoutService;
  agents: AgentService;
  clients: ClientService;
  hiring: HiringService;
  properties: PropertyService;
  houses: HouseService;
  tenancies: TenancyService;
  money: MoneyService;
  landlordMoney: LandlordMoneyService;
  landlordView: LandlordViewService;
  payouts: PayoutService;
  passThrough: PassThroughService;
  feeTransfers: FeeTransferService;
  etims: EtimsService;
  kyc: KycService;
  openingBalances: OpeningBalanceService;
  bookImport: BookImportService;
  clientMoney: ClientMoneyService;
  expenses: ExpenseService;
  ownerStatements: OwnerStatementService;
  rentalTax: RentalTaxService;
  statements: TenantStatementService;
  mpesa: {
    paybill: ReturnType<typeof paybillService>;
    callbacks: ReturnType<typeof callbackService>;
    statement: ReturnType<typeof statementService>;
    queue: ReturnType<typeof queueService>;
  };
  bank: BankService;
  ledgerExport: LedgerExportService;
  invoicing: InvoicingService;
  charges: ChargesService;
  water: WaterService;
  reminders: ReminderService;
  rentReviews: RentReviewService;
  sessions: SessionService;
  signUp: SignUpService;
  findHouse: FindHouseService;
  users: UserService;
  health: HealthService;
  dashboard: DashboardService;
  tenantLinks: TenantLinkService;
  stk: StkService;
  mpesaPull: MpesaPullService;
  maintenance: MaintenanceService;
  tenantPage: TenantPageService;
  outbox: OutboxService;
  audit: AuditService;
  dataProtection: DataProtectionService;
}

/**
 * Builds the whole application without listening: `server.ts` listens, tests
 * call `app.inject`. The app owns the database and closes it on `app.close()`.
 */
export async function buildApp(
  config: Readonly<AppConfig>,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config.database));
  const app = Fastify({
    logger: options.logStream
      ? { ...loggerOptions(config), stream: options.logStream }
      : loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    onConstructorPoisoning: 'error',
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  try {
    const routeTable: { method: string; url: string }[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    });
    app.decorate('routeTable', routeTable);
    app.decorate('config', config);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerAnswerLanguage(app);
    // At error level: a misread client address turns every per-address limit off.
    const checkProxy = proxyWarning(config.trustProxy, (message) => app.log.error(message));
    app.addHook('onRequest', async (request) =>
      checkProxy(request.socket.remoteAddress, request.headers['x-forwarded-for'] !== undefined),
    );

    for (const warning of database.warnings ?? []) app.log.warn(warning);
    database.onConnectionError?.((error) =>
      app.log.warn({ err: error }, 'database connection lost; reconnecting on the next query'),
    );
    await database.migrate();
    const clock =
      options.clock ??
      (config.testClockFile ? fileClock(config.testClockFile, (f) => readFileSync(f, 'utf8')) : systemClock);
    const db = database.db;
    const tokens = await loadTokens(db, clock);
    const mailer = createMailer({ db, clock, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
    app.addHook('onClose', async () => mailer.close());
    const rateLimit = createRateLimiter(db, clock);
    const notices = receiptNotifier({
      db,
      clock,
      mailer,
      sms: config.sms ? africasTalkingSms(config.sms) : null,
      log: app.log,
      automatic: config.deliverNotices,
    });
    app.addHook('onClose', async () => notices.stop());
    app.decorate('notices', notices);
    app.decorate('clock', clock);
    app.decorate('tokens', tokens);
    app.decorate('mailer', mailer);
    const reminders = reminderService({ db, clock, sms: config.sms ? africasTalkingBulk(config.sms) : null, log: app.log });
    // Before the database closes (onClose hooks run last-registered first): what Africa's Talking has is waited for or recorded.
    app.addHook('onClose', async () => reminders.stop());
    const statistics = statisticsKeeper({ db, kind: database.kind, log: app.log });
    app.addHook('onClose', () => statistics.stop());
    const hashing = passwords(config.passwordCost);
    const tenancies = tenancyService({ db, clock, audit: auditService({ db }) });
    const tenantLinks = tenantLinkService({
      db,
      clock,
      mailer,
      notices,
      rateLimit,
      wrongTokenLimit: config.rateLimits.tenantLinkPerIp,
      tenancies,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    const daraja = darajaClient(config.daraja.baseUrl);
    const stk = stkService({
      db,
      clock,
      notices,
      daraja,
      sealer: config.daraja.secretsKey ? sealer(config.daraja.secretsKey) : null,
      publicUrl: () => config.publicUrl,
      log: app.log,
    });
    const expenses = expenseService({ db, clock });
    const maintenance = maintenanceService({ db, clock, notices, expenses });
    const mpesaPayouts = mpesaPayoutService({
      db,
      clock,
      daraja: darajaClient(config.daraja.baseUrl),
      payouts: darajaPayoutClient(config.daraja.baseUrl),
      sealer: config.daraja.secretsKey ? sealer(config.daraja.secretsKey) : null,
      publicUrl: () => config.publicUrl,
      log: app.log,
      // Called only after the payouts service below exists: a result comes long after start-up.
      onPaid: (agentId, payoutId) => payouts.emailAdvice(agentId, payoutId),
    });
    const payouts = payoutService({ db, clock, log: app.log, mpesa: mpesaPayouts, mailer });
    const openingBalances = openingBalanceService({ db, clock });
    const dataProtection = dataProtectionService({ db, clock });
    const ownerStatements = ownerStatementService({ db, clock, mailer, audit: auditService({ db }) });
    const rentalTax = rentalTaxService({ db, clock, audit: auditService({ db }) });
    app.decorate('services', {
      tenantLinks,
      stk,
      mpesaPull: mpesaPullService({ db, clock, notices, stk, daraja, publicUrl: () => config.publicUrl, log: app.log }),
      maintenance,
      tenantPage: tenantPageService({ db, clock, links: tenantLinks, stk, maintenance, tenancies, dataProtection }),
      dataProtection,
      tenancies,
      statements: tenantStatementService({ db, tenancies }),
      agents: agentService({ db }),
      clients: clientService({ db, audit: auditService({ db }) }),
      hiring: hiringService({
        db,
        clock,
        mailer,
        rateLimit,
        limits: config.rateLimits,
        signUpUrl: `${config.publicUrl ?? `http://localhost:${config.port}`}/signup`,
      }),
      properties: propertyService({ db }),
      houses: houseService({ db, clock }),
      money: moneyService({ db, clock, notices }),
      landlordMoney: landlordMoneyService({ db, clock, audit: auditService({ db }) }),
      payouts,
      mpesaPayouts,
      passThrough: passThroughService({ db, clock }),
      feeTransfers: feeTransferService({ db, clock }),
      etims: etimsService({
        db,
        clock,
        oscu: oscuClient(config.etims.baseUrl),
        sealer: config.daraja.secretsKey ? sealer(config.daraja.secretsKey) : null,
        production: /\/\/etims-api\.kra\.go\.ke/.test(config.etims.baseUrl),
        log: app.log,
      }),
      kyc: kycService({ db, clock }),
      openingBalances,
      bookImport: bookImportService({ db, clock, openingBalances, statistics }),
      clientMoney: clientMoneyService({ db, clock }),
      expenses,
      ownerStatements,
      landlordView: landlordViewService({
        db,
        clock,
        mailer,
        publicUrl: config.publicUrl,
        log: app.log,
        ownerStatements,
        expenses,
        payouts,
        rentalTax,
      }),
      rentalTax,
      mpesa: {
        paybill: paybillService({ db, clock }),
        callbacks: callbackService({ db, clock, notices, log: app.log }),
        statement: statementService({ db, clock, notices, statistics }),
        queue: queueService({ db, clock, notices }),
      },
      bank: bankService({ db, clock, notices, statistics }),
      ledgerExport: ledgerExportService({ db }),
      invoicing: invoicingService({ db, clock, kind: database.kind, statistics, notices, log: app.log }),
      charges: chargesService({ db, clock }),
      water: waterService({ db, clock }),
      rentReviews: rentReviewService({ db, clock, kind: database.kind, notices }),
      reminders,
      sessions: sessionService({
        db,
        clock,
        tokens,
        rateLimit,
        passwords: hashing,
        limits: config.rateLimits,
        mailer,
        log: app.log,
      }),
      signUp: signUpService({ db, clock, tokens, mailer, rateLimit, passwords: hashing, limits: config.rateLimits }),
      findHouse: findHouseService({ db, clock }),
      users: userService({ db }),
      health: healthService({ database, proxyWarning: checkProxy.said }),
      dashboard: dashboardService({ db, clock }),
      outbox: outboxService({ db, clock, notices }),
      audit: auditService({ db }),
    });
    const jobs = jobEngine({ db, log: app.log, workers: config.workers });
    for (const job of backgroundJobs({ ...app.services, log: app.log, notices, stk: config.recoverStk ? stk : null, mpesaPayouts: config.recoverStk ? mpesaPayouts : null, rateLimit }))
      jobs.define(job);
    // Registered after the notices' and reminders' stops, so it runs before them: no job is left running into a closed database.
    app.addHook('onClose', async () => jobs.stop());
    app.decorate('jobs', jobs);
    registerAuditActor(app, database);
    registerAuthenticate(app);
    registerAgentScope(app);

    registerSecurityHeaders(app, securityHeaders(config));
    await app.register(cookie);
    await registerOpenApi(app);
    await app.register(
      async (api) => {
        registerInputGuard(api);
        // Answers carry people's names, phones and balances: no shared or browser cache keeps them.
        api.addHook('onSend', async (_request, reply) => {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        });
        await api.register(healthRoutes);
        await api.register(signUpRoutes);
        await api.register(sessionRoutes);
        await api.register(userRoutes);
        await api.register(agentRoutes);
        await api.register(hiringRoutes);
        await api.register(clientRoutes);
        await api.register(propertyRoutes);
        await api.register(houseRoutes);
        await api.register(tenancyRoutes);
        await api.register(moneyRoutes);
        await api.register(mpesaRoutes);
        await api.register(mpesaCallbackRoutes);
        await api.register(bankRoutes);
        await api.register(ledgerExportRoutes);
        await api.register(statementRoutes);
        await api.register(invoicingRoutes);
        await api.register(chargesRoutes);
        await api.register(reminderRoutes);
        await api.register(rentReviewRoutes);
        await api.register(deliveryReportRoutes(config.sms?.deliveryToken));
        await api.register(findHouseRoutes);
        await api.register(dashboardRoutes);
        await api.register(landlordMoneyRoutes);
        await api.register(payoutRoutes);
        await api.register(passThroughRoutes);
        await api.register(feeTransferRoutes);
        await api.register(etimsRoutes);
        await api.register(kycRoutes);
        await api.register(openingBalanceRoutes);
        await api.register(bookImportRoutes);
        await api.register(clientMoneyRoutes);
        await api.register(expenseRoutes);
        await api.register(ownerStatementRoutes);
        await api.register(rentalTaxRoutes);
        await api.register(landlordLinkRoutes);
        await api.register(landlordViewRoutes);
        await api.register(tenantLinkRoutes);
        await api.register(darajaRoutes);
        await api.register(stkCallbackRoutes);
        await api.register(mpesaPayoutRoutes);
        await api.register(mpesaPayoutCallbackRoutes);
        await api.register(mpesaPullRoutes);
        await api.register(mpesaPullCallbackRoutes);
        await api.register(maintenanceRoutes);
        await api.register(tenantPageRoutes);
        await api.register(outboxRoutes);
        await api.register(auditRoutes);
        await api.register(dataProtectionRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(tenantPageHtmlRoutes);
    await registerSpa(app, config.webDist);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

/** A hop count believes the nearest N proxies, as proxy-addr counts them. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * HSTS and upgrade-insecure-requests only where the app is known to be served
 * over HTTPS: on an office network over plain HTTP they send every asset to an
 * https:// address nobody answers, and the page stays blank.
 */
function securityHeaders(config: Readonly<AppConfig>): HelmetOptions {
  return {
    strictTransportSecurity: config.https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      directives: {
        // Mantine writes style attributes; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': config.https ? [] : null,
      },
    },
  };
}

function loggerOptions(config: Readonly<AppConfig>) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: requestForLog },
  };
}
