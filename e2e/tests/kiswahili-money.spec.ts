import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { pdfWords } from '../../apps/server/src/test/pdf-text';
import { englishLeft } from '../../packages/domain/src/i18n/english-left';
import { post } from '../support/api';
import { newPerson, personWithAccount, withApiSession } from '../support/people';
import { NARROW } from '../support/screens';

/**
 * Three Kiswahili-speaking tenants, each booked at Ksh 9,000 a month: one pays
 * 4,000 and still owes, one pays 9,000 and owes nothing, one pays 12,000 and is
 * in credit. Each reads, on a 390 px phone, which way their money stands before
 * any figure: on the tenant page, in the statement PDF, in the receipt SMS, and
 * (only the one who owes gets it) in the arrears reminder (issue 41).
 */
const owner = newPerson('Wairimu', 'Kamau');
const stamp = Date.now().toString(36).toUpperCase().slice(-5);
const agency = `Pesa Homes ${stamp}`;

type Case = { name: string; pays: string; phone: string; link: string; tenancyId: number };
const cases: Record<'owes' | 'settled' | 'credit', Case> = {
  owes: { name: 'Amina', pays: '4,000', phone: '0711000201', link: '', tenancyId: 0 },
  settled: { name: 'Baraka', pays: '9,000', phone: '0711000202', link: '', tenancyId: 0 },
  credit: { name: 'Chausiku', pays: '12,000', phone: '0711000203', link: '', tenancyId: 0 },
};

test.describe.configure({ mode: 'serial' });

let request: APIRequestContext;
let phone: Page;
let agentId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: agency });
  await withApiSession(request, owner, async (headers) => {
    const landlord = await post(request, '/api/client/register', headers, {
      First_name: 'Juma',
      Last_name: 'Landlord',
      Email: `landlord-money-${Date.now()}@example.com`,
      PhoneNo: '0722000301',
      CapturingAgentId: agentId,
    });
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Pesa Court',
      Rental_units: 3,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kilimani',
      LandlordNo: landlord.clientNo,
      managingAgentId: agentId,
    });
    for (const [i, c] of Object.values(cases).entries()) {
      const house = await post(request, '/api/house/addhouse', headers, {
        PropId: property.PropId,
        House_number: `P${i + 1}`,
        Description: 'One bedroom',
        Rent: '9,000',
        Deposit: '0',
        readiness: 0,
      });
      const person = await post(request, '/api/client/register', headers, {
        First_name: c.name,
        Last_name: 'Mwangi',
        Email: `${c.name.toLowerCase()}-${Date.now()}@example.com`,
        PhoneNo: c.phone,
        CapturingAgentId: agentId,
        Preferred_language: 'sw',
      });
      const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
        HouseId: house.HouseId,
        ClientNo: person.clientNo,
        Id_number: `3456780${i}`,
        Tenant_Employer: 'Safaricom PLC',
        Tenant_Business: 'Not in business',
        Next_of_kin_name: 'Mama Mwangi',
        Next_of_kin_phone: '0799888771',
      });
      c.tenancyId = booked.TenancyId;
      await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
        tenancyID: c.tenancyId,
        paymentdetails: 'Taslimu ofisini',
        RecievedAmount: c.pays,
        managingAgentId: agentId,
        ledgerName: 'Rent',
        idempotencyKey: `money-${c.name}-${Date.now()}`,
      });
      const sent = await post(request, '/api/tenantlinks/send', headers, { managingAgentId: agentId, tenancyId: c.tenancyId, sms: false, email: true });
      c.link = String(sent.url);
    }
  });
  phone = await (await browser.newContext({ viewport: NARROW })).newPage();
});

test.afterAll(async () => {
  await phone?.context().close();
  await request?.dispose();
});

/** The tenant's page, checked for English left and for nothing wider than the phone. */
async function openTenantPage(c: Case) {
  await phone.goto(new URL(c.link).pathname);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'sw-KE');
  await expect(phone.getByRole('heading', { name: `Habari ${c.name}` })).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'tenant page wider than the phone').toBeLessThanOrEqual(0);
  const texts = await phone.evaluate(() =>
    Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE' && el.checkVisibility())
      .map((el) => el.innerText ?? '')
      .filter(Boolean),
  );
  expect(englishLeft(texts), 'English met on the Kiswahili tenant page').toEqual([]);
  return phone.getByRole('region', { name: 'Unachodaiwa' });
}

/** The words of the statement PDF from the tenant's link. */
async function statementWords(c: Case) {
  const href = await phone.getByRole('link', { name: 'Pakua taarifa (PDF)' }).getAttribute('href');
  const res = await request.get(new URL(href!, new URL(c.link)).pathname);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfWords(await res.body());
}

/** The receipt SMS the fake Africa's Talking took for this tenant's phone. */
async function receiptSms(c: Case) {
  const digits = c.phone.slice(1);
  let found = '';
  await expect
    .poll(
      async () => {
        const texts = (await (await fetch(`${process.env.E2E_DARAJA_URL}/__sms`)).json()) as { to: string; message: string }[];
        found = texts.find((t) => t.to.endsWith(digits) && t.message.startsWith(`${agency}: Tumepokea malipo yako`))?.message ?? '';
        return found;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}

test('a tenant who owes reads what is owed before every figure', async () => {
  const c = cases.owes;
  const balance = await openTenantPage(c);
  await expect(balance.locator('.big')).toHaveText('Ksh 5,000.00');
  await expect(balance.locator('dt', { hasText: 'Kodi inayodaiwa' })).toBeVisible();
  await expect(balance.locator('dt', { hasText: 'Kodi inayodaiwa' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Ksh 5,000.00');
  await expect(balance.locator('dt', { hasText: 'Amana ambayo bado hujalipa' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Ksh 0.00');
  await expect(balance).not.toContainText('Ziada');

  const pdf = await statementWords(c);
  expect(pdf).toContain('Tozo');
  expect(pdf).toContain('Malipo na punguzo');
  expect(pdf).toContain('Salio la mwisho: Ksh 5,000.00');
  expect(pdf).not.toContain('linalodaiwa');

  expect(await receiptSms(c)).toMatch(/^Pesa Homes \w+: Tumepokea malipo yako ya Ksh 4,000\.00, risiti RCT-\d+\. Bado unadaiwa Ksh 5,000\.00\. Asante\.$/);
});

test('a settled tenant reads that nothing is owed', async () => {
  const c = cases.settled;
  const balance = await openTenantPage(c);
  await expect(balance.locator('.big')).toHaveText('Hakuna deni');
  await expect(balance.locator('dt', { hasText: 'Kodi inayodaiwa' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Ksh 0.00');

  expect(await statementWords(c)).toContain('Salio la mwisho: Ksh 0.00');

  expect(await receiptSms(c)).toMatch(/^Pesa Homes \w+: Tumepokea malipo yako ya Ksh 9,000\.00, risiti RCT-\d+\. Huna deni sasa\. Asante\.$/);
});

test('a tenant in credit reads the credit before its figure, and that nothing is owed', async () => {
  const c = cases.credit;
  const balance = await openTenantPage(c);
  await expect(balance.locator('.big')).toHaveText('Ziada ya Ksh 3,000.00 (hakuna deni)');
  // The credit is not a rent "owed" below zero.
  await expect(balance.locator('dt', { hasText: 'Kodi inayodaiwa' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Ksh 0.00');
  const table = phone.getByRole('table');
  await expect(table).toContainText('Ziada ya 3,000.00 (hakuna deni)');
  await expect(table).not.toContainText('ziada kwako');

  const pdf = await statementWords(c);
  expect(pdf).toContain('Salio la mwisho: Ziada ya Ksh 3,000.00 (hakuna deni)');
  expect(pdf).not.toContain('ziada kwako');

  expect(await receiptSms(c)).toMatch(
    /^Pesa Homes \w+: Tumepokea malipo yako ya Ksh 12,000\.00, risiti RCT-\d+\. Huna deni sasa; una ziada ya Ksh 3,000\.00\. Asante\.$/,
  );
});

test('only the tenant who owes would get the arrears reminder, and it names a debt, not a balance', async () => {
  await withApiSession(request, owner, async (headers) => {
    await post(request, '/api/charges/reminders/settings', headers, {
      managingAgentId: agentId,
      Active: false,
      Days: [1, 15],
      Template: '',
      MinBalance: '0',
      SmsPrice: '0.80',
    });
    const res = await request.get('/api/charges/reminders/preview', { headers, params: { managingAgentId: agentId } });
    expect(res.ok(), await res.text()).toBe(true);
    const preview = (await res.json()) as { Count: number; Sample: string | null };
    expect(preview.Count).toBe(1);
    expect(preview.Sample).toBe(
      `Amina, deni lako kwa ${agency} ni Ksh 5,000.00. Tafadhali lipa kupitia Paybill -, akaunti ${cases.owes.tenancyId}. Asante.`,
    );
  });
});
