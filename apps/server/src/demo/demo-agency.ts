import { accountingDate, formatTransTime } from '@makazi/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';

/**
 * A demo agency for someone evaluating Makazi: six months of an agency's work,
 * made through the product's own routes (app.inject) with a clock the builder
 * moves, so every figure a visitor opens is one the product itself produced.
 * The only thing read behind the routes is the mail outbox, as a person reads
 * their mail for a code or an invitation.
 */

export interface DemoClock {
  now(): Date;
  set(date: Date): void;
}

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export interface DemoSize {
  /** Houses in each of the four properties. */
  houses: [number, number, number, number];
  /** Tenancies, spread over the properties in turn. */
  tenancies: number;
}

export const FULL_DEMO: DemoSize = { houses: [18, 16, 14, 12], tenancies: 50 };

const PASSWORD = 'makazi-demo-2026';
const MONTHS = 6;

type Auth = { authorization: string };
interface User {
  email: string;
  auth: Auth;
  userNo: number;
}

const LANDLORDS = [
  { First_name: 'Grace', Last_name: 'Wambui', Email: 'grace.wambui@example.co.ke', PhoneNo: '0722100200', Id_number: '12345678' },
  { First_name: 'Peter', Last_name: 'Otieno', Email: 'peter.otieno@example.co.ke', PhoneNo: '0733300400', Id_number: '23456789' },
];
const PROPERTIES = [
  { name: 'Baraka Court', town: 'Nairobi', area: 'Kilimani', rent: 25_000, landlord: 0 },
  { name: 'Amani Flats', town: 'Nairobi', area: 'South B', rent: 15_000, landlord: 0 },
  { name: 'Jua Kali Apartments', town: 'Nakuru', area: 'Milimani', rent: 12_000, landlord: 1 },
  { name: 'Pwani Heights', town: 'Mombasa', area: 'Nyali', rent: 30_000, landlord: 1 },
];
const FIRST = ['Achieng', 'Baraka', 'Chebet', 'Daudi', 'Esther', 'Faith', 'Githinji', 'Halima', 'Imani', 'Juma', 'Kerubo', 'Lydia', 'Mwangi', 'Njeri', 'Omondi', 'Wanjiru', 'Kiprop', 'Zawadi', 'Nafula', 'Mutua'];
const LAST = ['Kamau', 'Odhiambo', 'Mohamed', 'Wekesa', 'Cheruiyot', 'Mwende', 'Nyambura', 'Onyango', 'Kilonzo', 'Barasa'];

/** The first of the month `offset` months from `date`'s month, at 09:00 East Africa time. */
function monthStart(date: Date, offset: number, day = 1): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, day, 6, 0, 0));
}

export async function buildDemoAgency(app: FastifyInstance, clock: DemoClock, size: DemoSize = FULL_DEMO, today = new Date()) {
  const first = monthStart(today, -(MONTHS - 1), 2);
  clock.set(first);
  let keySeq = 0;
  const key = () => `demo-key-${++keySeq}`;

  const call = async <T = Record<string, unknown>>(who: Auth | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> => {
    const res = await app.inject({ method, url: `/api${url}`, ...(who ? { headers: who } : {}), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`demo: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return (res.body ? res.json() : {}) as T;
  };
  const lastMail = async (email: string) =>
    (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.id)).limit(1))[0]?.body ?? '';

  const signIn = async (email: string): Promise<Auth> => {
    const login = () => app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: email, Password: PASSWORD } });
    let res = await login();
    if (res.statusCode === 401 && res.json().multipleLogIn) {
      await app.inject({ method: 'PATCH', url: '/api/userauth/endPreviousSession', payload: { SessionId: res.json().SessionId } });
      res = await login();
    }
    if (res.statusCode !== 200) throw new Error(`demo: login ${email} answered ${res.statusCode} ${res.body}`);
    return { authorization: `Bearer ${res.json().accessToken}` };
  };
  const signUp = async (First_name: string, Last_name: string, email: string, PhoneNo: string): Promise<User> => {
    await call(null, 'POST', '/client/getOtp', { Email: email, FullName: `${First_name} ${Last_name}` });
    const otp = (await lastMail(email)).match(/\b(?:is|ni) (\d{6})\b/)?.[1];
    const { verificationToken } = await call<{ verificationToken: string }>(null, 'POST', '/client/verifyOtp', { Email: email, otp });
    const { userNo } = await call<{ userNo: number }>(null, 'POST', '/userauth/signup', {
      First_name,
      Last_name,
      Email: email,
      PhoneNo,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      verificationToken,
    });
    return { email, userNo, auth: await signIn(email) };
  };

  // The agency: its owner signs up and opens the agency account.
  const owner = await signUp('Amina', 'Njoroge', 'demo.admin@example.co.ke', '0711000111');
  const agentId = (
    await call<{ AgentId: number }>(owner.auth, 'POST', '/agent/createagent', {
      Self: 0,
      AgentName: 'Baraka Homes (demo)',
      Kra_pin: 'P051234567X',
      Address: 'Kimathi St 10, Nrb',
      HasOwnProperty: false,
    })
  ).AgentId;
  const as = () => ({ managingAgentId: agentId });
  const day = () => accountingDate(clock.now());
  const moveTo = async (date: Date) => {
    clock.set(date);
    owner.auth = await signIn(owner.email);
  };

  const landlordNos: number[] = [];
  for (const l of LANDLORDS) {
    landlordNos.push((await call<{ clientNo: number }>(owner.auth, 'POST', '/client/register', { ...l, CapturingAgentId: agentId })).clientNo);
  }

  const { confirmationPath } = await call<{ confirmationPath: string }>(owner.auth, 'POST', '/mpesa/paybill', { ...as(), shortcode: '600984' });

  // Four properties under management agreements; Grace's has MRI withheld.
  const props: { propId: number; houseIds: number[]; rent: number }[] = [];
  for (const [i, p] of PROPERTIES.entries()) {
    const { PropId } = await call<{ PropId: number }>(owner.auth, 'POST', '/properties/registerProperty', {
      Property_name: p.name,
      Rental_units: size.houses[i],
      County: p.town,
      Town: p.town,
      Area_Estate: p.area,
      LandlordNo: landlordNos[p.landlord],
      managingAgentId: agentId,
    });
    const houseIds: number[] = [];
    for (let h = 1; h <= size.houses[i]!; h++) {
      const { HouseId } = await call<{ HouseId: number }>(owner.auth, 'POST', '/house/addhouse', {
        PropId,
        House_number: `${String.fromCharCode(65 + i)}${h}`,
        Description: h % 3 === 0 ? 'Three bedroom' : h % 2 === 0 ? 'Two bedroom' : 'One bedroom',
        Rent: String(p.rent),
        Deposit: String(p.rent),
        readiness: 0,
      });
      houseIds.push(HouseId);
    }
    await call(owner.auth, 'POST', '/landlord-money/agreement', {
      ...as(),
      PropId,
      EffectiveFrom: day(),
      CommissionPercent: p.landlord === 0 ? '10.00' : '8.00',
      WithholdTax: p.landlord === 0,
      ...(p.landlord === 0 ? { KraAppointedOn: day(), KraAppointmentRef: 'KRA/WHT/DEMO/001' } : {}),
      PayoutMethod: 'bank',
      PayoutBank: p.landlord === 0 ? 'KCB' : 'Equity',
      PayoutAccount: p.landlord === 0 ? '1100223344' : '0220114455',
      RemittanceDay: 5,
    });
    props.push({ propId: PropId, houseIds, rent: p.rent });
  }
  // A service charge at Baraka Court, metered water at Amani Flats, a late-payment penalty at Jua Kali.
  await call(owner.auth, 'POST', '/charges/recurring', { ...as(), PropId: props[0]!.propId, Name: 'Service charge', Amount: '2,000' });
  await call(owner.auth, 'POST', '/charges/water/tariff', { ...as(), PropId: props[1]!.propId, UnitPrice: '120', MinimumCharge: '200' });
  await call(owner.auth, 'POST', '/charges/penaltyrule', { ...as(), PropId: props[2]!.propId, AfterDay: 10, Percent: 5 });

  // Tenancies, let across the properties in turn; each tenant pays the deposit at the office.
  const tenancies: { tenancyId: number; propIndex: number; houseId: number; email: string }[] = [];
  const free = props.map((p) => [...p.houseIds]);
  for (let t = 0; t < size.tenancies; t++) {
    const propIndex = [0, 1, 2, 3].find((k) => free[(t + k) % 4]!.length > 0)!;
    const index = (t + propIndex) % 4;
    const houseId = free[index]!.shift()!;
    const first = FIRST[t % FIRST.length]!;
    const last = LAST[(t * 7) % LAST.length]!;
    const email = `${first}.${last}.${t}@example.co.ke`.toLowerCase();
    const { clientNo } = await call<{ clientNo: number }>(owner.auth, 'POST', '/client/register', {
      First_name: first,
      Last_name: last,
      Email: email,
      PhoneNo: `07${String(20_000_000 + t * 137).padStart(8, '0')}`,
      Id_number: String(30_000_000 + t),
      CapturingAgentId: agentId,
      ...(t % 4 === 1 ? { Preferred_language: 'sw' } : {}),
    });
    const { TenancyId } = await call<{ TenancyId: number }>(owner.auth, 'POST', '/tenancy/newtenancyinit', {
      HouseId: houseId,
      ClientNo: clientNo,
      Id_number: String(30_000_000 + t),
      Tenant_Employer: t % 3 === 0 ? 'Safaricom PLC' : t % 3 === 1 ? 'Kenya Power' : 'Self-employed',
      Tenant_Business: t % 3 === 2 ? 'Retail shop' : 'Not in business',
      Next_of_kin_name: `${LAST[(t + 3) % LAST.length]} family`,
      Next_of_kin_phone: '0799888777',
    });
    await call(owner.auth, 'POST', '/pmMoneyTransactions/rentreciept', {
      tenancyID: TenancyId,
      paymentdetails: 'Deposit, cash at office',
      RecievedAmount: String(props[index]!.rent),
      managingAgentId: agentId,
      ledgerName: 'Deposit',
      idempotencyKey: key(),
    });
    tenancies.push({ tenancyId: TenancyId, propIndex: index, houseId, email });
  }

  const balanceOf = async (tenancyId: number) =>
    (await call<{ RentBalance: number }>(owner.auth, 'GET', `/tenancy/gettenancybyid?tenancyId=${tenancyId}&managingAgentId=${agentId}`)).RentBalance;
  let mpesaSeq = 0;
  const payCash = (tenancyId: number, amount: number) =>
    call<{ TransactionId: number }>(owner.auth, 'POST', '/pmMoneyTransactions/rentreciept', {
      tenancyID: tenancyId,
      paymentdetails: 'Cash at office',
      RecievedAmount: amount.toFixed(2),
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: key(),
    });
  const payMpesa = (tenancyId: number, amount: number) =>
    call(null, 'POST', confirmationPath.replace(/^\/api/, ''), {
      TransactionType: 'Pay Bill',
      TransID: `TKD${String(++mpesaSeq).padStart(7, '0')}`,
      TransTime: formatTransTime(clock.now()),
      TransAmount: amount.toFixed(2),
      BusinessShortCode: '600984',
      BillRefNumber: String(tenancyId),
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'DEMO',
      MiddleName: '',
      LastName: 'TENANT',
    });

  // Six months: the run on the 1st, water read, most tenants pay by the 5th
  // (cash or M-Pesa), some pay part or stop paying (arrears of several ages),
  // penalties on the 12th, and the landlords' money paid out.
  const waterStart = new Map<number, number>();
  for (let m = 0; m < MONTHS; m++) {
    if (m > 0) {
      await moveTo(monthStart(first, m, 1));
      await call(owner.auth, 'POST', '/tenancy/runmonthlytenancyinvoicesbyagentid', { ...as(), updatedBy: owner.userNo, currentDate: clock.now().toISOString() });
      const month = accountingDate(monthStart(first, m - 1, 1)).slice(0, 7);
      const amani = props[1]!;
      const let_ = tenancies.filter((t) => t.propIndex === 1).map((t) => t.houseId);
      const readings = let_.map((houseId, i) => {
        const start = waterStart.get(houseId) ?? 1000 + i * 50;
        const reading = start + 4 + ((i + m) % 5) * 2;
        waterStart.set(houseId, reading);
        return { HouseId: houseId, Reading: reading, ...(m === 1 ? { StartReading: start } : {}) };
      });
      if (readings.length) {
        await call(owner.auth, 'POST', '/charges/water/readings', { ...as(), PropId: amani.propId, Month: month, Readings: readings });
        await call(owner.auth, 'POST', '/charges/water/confirm', { ...as(), PropId: amani.propId, Month: month });
      }
    }
    await moveTo(monthStart(first, m, 4));
    for (const [i, t] of tenancies.entries()) {
      // Every seventh tenant stops paying, at a month of its own: arrears one to five months old.
      if (i % 7 === 3 && m >= 1 + (i % 5)) continue;
      const owed = await balanceOf(t.tenancyId);
      if (owed <= 0) continue;
      const amount = i % 9 === 4 || i % 9 === 6 ? Math.round(owed / 2) : owed;
      if (i % 2 === 0) await payCash(t.tenancyId, amount);
      else await payMpesa(t.tenancyId, amount);
    }
    if (m === 2) {
      // A receipt typed wrongly, reversed, and entered again.
      const t = tenancies[0]!;
      const wrong = await payCash(t.tenancyId, 2_500);
      await call(owner.auth, 'POST', '/pmMoneyTransactions/reverse', { TransactionId: wrong.TransactionId, reason: 'Typed 2,500 for 250', managingAgentId: agentId });
      await payCash(t.tenancyId, 250);
    }
    if (m === 3 && tenancies[2]) {
      await call(owner.auth, 'POST', '/tenancy/rentreviews/schedule', { ...as(), TenancyId: tenancies[2].tenancyId, Date: accountingDate(monthStart(first, 5, 1)), Percent: 7.5 });
    }
    await moveTo(monthStart(first, m, 12));
    await call(owner.auth, 'POST', '/charges/penalties/run', as());
    if (m === 3) {
      await call(owner.auth, 'POST', '/landlord-money/expense', {
        ...as(),
        PropId: props[0]!.propId,
        ExpenseDate: day(),
        Category: 'repairs',
        Payee: 'Juma Plumbers',
        Amount: '8,500',
        Reference: 'INV-2231',
      });
    }
    if (m >= 1 && m <= 4) {
      // Grace's MRI withheld last month goes to KRA; the newest months stay withheld.
      await call(owner.auth, 'POST', '/landlord-money/mri/payment', {
        ...as(),
        LandlordNo: landlordNos[0],
        month: accountingDate(monthStart(first, m - 1, 1)).slice(0, 7),
        PaidOn: day(),
        Reference: `KRA-PRN-${2026_000 + m}`,
      });
    }
    if (m === 4) {
      // The remittance run: each landlord is paid what is theirs, to the thousand.
      const balances = await call<{ LandlordNo: number; Balance: number }[]>(owner.auth, 'GET', `/landlord-money/balances?managingAgentId=${agentId}`);
      const payouts = balances.filter((b) => b.Balance >= 1000).map((b) => ({ LandlordNo: b.LandlordNo, Amount: String(Math.floor(b.Balance / 1000) * 1000) }));
      if (payouts.length) await call(owner.auth, 'POST', '/landlord-money/remittance', { ...as(), PayoutDate: day(), idempotencyKey: key(), Payouts: payouts });
    }
  }

  // The last month's last days: a tenant's link, a repair request through it,
  // a clerk hired, and Grace invited to see her property.
  await moveTo(monthStart(first, MONTHS - 1, 18));
  const linked = tenancies[0]!;
  const link = await call<{ url: string }>(owner.auth, 'POST', '/tenantlinks/send', { ...as(), tenancyId: linked.tenancyId, sms: false, email: true });
  const token = link.url.slice(link.url.lastIndexOf('/') + 1);
  await call(null, 'POST', `/t/${token}/maintenance`, { category: 'plumbing', description: 'The kitchen tap leaks and the sink cupboard is wet.' });

  const clerk = await signUp('Brian', 'Kiptoo', 'demo.clerk@example.co.ke', '0700111222');
  await call(owner.auth, 'POST', '/usermanagement/sendhireoffertouser', { AgentNo: agentId, UserNo: clerk.userNo });
  const offers = await call<{ AgentNo: number; AgencyUserHireOfferId: number }[]>(clerk.auth, 'GET', `/usermanagement/getuserspendinghiringoffersrecievedbyuser?userNo=${clerk.userNo}`);
  const offer = offers.find((o) => o.AgentNo === agentId)!;
  await call(clerk.auth, 'PATCH', '/usermanagement/accepthiringOffer', { AgencyUserHireOfferNo: offer.AgencyUserHireOfferId, UserNo: clerk.userNo, AgentId: agentId });

  const grace = LANDLORDS[0]!;
  await call(owner.auth, 'POST', '/landlord-money/landlord-invite', { ...as(), LandlordNo: landlordNos[0], Email: grace.Email });
  const invitation = (await lastMail(grace.Email)).match(/\/landlord-invite\/([A-Za-z0-9_-]{43})/)?.[1];
  const landlord = await signUp(grace.First_name, grace.Last_name, grace.Email, grace.PhoneNo);
  await call(landlord.auth, 'POST', '/landlord-view/accept', { token: invitation });

  // Receipts and notices go now, not in a flood at the first start; and each
  // person signs out, so a visitor's first sign-in meets no open session.
  await app.notices.drain();
  for (const who of [owner, clerk, landlord]) await call(who.auth, 'POST', '/userauth/logout', {});

  const logins: DemoLogin[] = [
    { role: 'Agency owner (admin)', email: owner.email, password: PASSWORD },
    { role: 'Clerk', email: clerk.email, password: PASSWORD },
    { role: 'Landlord (Grace Wambui)', email: landlord.email, password: PASSWORD },
  ];
  return { agentId, logins, tenantToken: token, reversedTenancyId: tenancies[0]!.tenancyId, tenancyIds: tenancies.map((t) => t.tenancyId), landlordNos };
}
