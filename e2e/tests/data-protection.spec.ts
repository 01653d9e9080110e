import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { expectAccessible, NARROW, shoot, WIDE } from '../support/screens';

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wairimu', 'Kariuki');

test.describe.configure({ mode: 'serial' });

let office: Page;
let tenant: Page;
let request: APIRequestContext;
let link = '';

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Faragha Homes' });
  link = await withApiSession(request, owner, async (headers) => {
    const landlord = await post(request, '/api/client/register', headers, {
      First_name: 'Kibet',
      Last_name: 'Landlord',
      Email: `dp-landlord-${Date.now()}@example.com`,
      PhoneNo: '0722000131',
      CapturingAgentId: agentId,
    });
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Faragha Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Lavington',
      LandlordNo: landlord.clientNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'F2',
      Description: 'Two bedroom',
      Rent: '12,000',
      Deposit: '12,000',
      readiness: 0,
    });
    const person = await post(request, '/api/client/register', headers, {
      First_name: 'Nafula',
      Last_name: 'Simiyu',
      Email: `nafula-${Date.now()}@example.com`,
      PhoneNo: '0708374161',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: person.clientNo,
      Id_number: '24681357',
      Tenant_Employer: 'Kenya Power',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Simiyu',
      Next_of_kin_phone: '0799888701',
    });
    const sent = await post(request, '/api/tenantlinks/send', headers, { managingAgentId: agentId, tenancyId: booked.TenancyId, sms: false, email: true });
    return String(sent.url);
  });
  office = await (await browser.newContext({ viewport: WIDE })).newPage();
  tenant = await (await browser.newContext({ viewport: NARROW, acceptDownloads: true })).newPage();
  await signInViaUi(office, owner);
});

test.afterAll(async () => {
  await office?.context().close();
  await tenant?.context().close();
  await request?.dispose();
});

test('a tenant asks from the link to see their data', async () => {
  await tenant.goto(new URL(link).pathname);
  const section = tenant.getByRole('region', { name: 'Your personal data' });
  await expect(section).toBeVisible();
  await section.getByLabel('What do you ask for?').selectOption('access');
  await section.getByLabel('Details (optional)').fill('Please show me what you hold');
  await section.getByRole('button', { name: 'Send the request' }).click();
  await expect(section.getByText('Your request is recorded. The office answers it by the date shown.')).toBeVisible();
  await expect(section.getByText(/· See my data$/)).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText(/answer by \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expectAccessible(tenant, 'tenant page with a data request');
  const overflow = await tenant.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the office sees the request with its 7-day clock", async () => {
  await office.goto(pm('data-protection'));
  // The page's code loads on first visit: on a busy machine that takes a while.
  await expect(office.getByRole('heading', { name: 'Data protection', level: 2 })).toBeVisible({ timeout: 45_000 });
  const row = office.getByRole('row').filter({ hasText: 'Nafula Simiyu' });
  await expect(row).toContainText('Access', { timeout: 30_000 });
  await expect(row).toContainText('Tenant’s link');
  await expect(row.getByText(/^(6|7) days left$/)).toBeVisible();
  await shoot(office, 'data-protection-requests');
});

test('the tenant downloads their data as PDF and JSON', async () => {
  const section = tenant.getByRole('region', { name: 'Your personal data' });
  const [download] = await Promise.all([tenant.waitForEvent('download'), section.getByRole('link', { name: 'Download your data (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d+\.pdf$/);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes as Buffer[]).subarray(0, 5).toString()).toBe('%PDF-');
  const href = await section.getByRole('link', { name: /Download your data \(JSON/ }).getAttribute('href');
  const json = await request.get(new URL(href!, process.env.E2E_BASE_URL).href);
  expect(json.headers()['cache-control']).toBe('no-store');
  const data = await json.json();
  expect(data.person).toMatchObject({ name: 'Nafula Simiyu', phone: '0708374161' });
  expect(data.tenancies[0]).toMatchObject({ house: 'F2', property: 'Faragha Court', employer: 'Kenya Power' });
  expect(data.requests[0]).toMatchObject({ kind: 'access', source: 'link' });
});

test('the office answers it and the tenant sees the answer', async () => {
  await office.getByRole('button', { name: 'Answer: Nafula Simiyu' }).click();
  await office.getByLabel('What was done, or why it was refused').fill('The tenant downloaded the data from the link');
  await office.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const row = office.getByRole('row').filter({ hasText: 'Nafula Simiyu' });
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  await tenant.reload();
  await expect(tenant.getByText(/Done, answered \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(tenant.getByText('The tenant downloaded the data from the link')).toBeVisible();
});

test('the breach register keeps the 72-hour clock', async () => {
  await office.getByRole('tab', { name: 'Breaches' }).click();
  const form = office.getByRole('region', { name: 'Record a breach' });
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const local = new Date(hourAgo.getTime() - hourAgo.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('Discovered at').fill(local);
  await form.getByLabel('People affected').fill('12');
  await form.getByLabel('What happened').fill('A printed tenant list was left on a matatu');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = office.getByRole('row').filter({ hasText: 'A printed tenant list was left on a matatu' });
  await expect(row.getByText('2 days left', { exact: true })).toBeVisible();
  await shoot(office, 'data-protection-breaches');
});
