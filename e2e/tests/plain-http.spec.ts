import { expect, test } from '@playwright/test';

import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { post } from '../support/api';

// An office server opened by its name over plain HTTP: not localhost, so not a
// secure context. Chromium resolves the name to this machine. A private name
// (.lan): under a public suffix Chromium itself would try https first.
const OFFICE_HOST = 'makazi.lan';
const officeUrl = (process.env.E2E_BASE_URL ?? '').replace('//localhost', `//${OFFICE_HOST}`);

test.use({
  baseURL: officeUrl,
  launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${OFFICE_HOST} localhost`] },
});
test.describe.configure({ mode: 'serial' });

const owner = newPerson('Njeri', 'Kariuki');
let tenancyId = 0;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Ofisi Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Ofisi', 'Landlord'));
  tenancyId = await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Ofisi Court',
      Rental_units: 1,
      County: 'Kisumu',
      Town: 'Kisumu',
      Area_Estate: 'Milimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'B2',
      Description: 'Bedsitter',
      Rent: '8,000',
      Deposit: '8,000',
      readiness: 0,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Otieno',
      Last_name: 'Ouma',
      Email: `ouma-${Date.now()}@example.com`,
      PhoneNo: '0711000222',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '23456789',
      Tenant_Employer: 'Kisumu Traders',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Ouma',
      Next_of_kin_phone: '0799888777',
    });
    return booked.TenancyId as number;
  });
  await request.dispose();
});

test('the app opens by its office name over plain HTTP, asks for nothing over https, and signs in', async ({ page }) => {
  const https: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https:')) https.push(r.url());
  });
  const first = await page.goto('/');
  expect(page.url()).toBe(`${officeUrl}/`);
  expect(first?.headers()['strict-transport-security']).toBeUndefined();
  expect(first?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  expect(await page.evaluate(() => ({ secure: isSecureContext, randomUUID: typeof crypto.randomUUID }))).toEqual({
    secure: false,
    randomUUID: 'undefined',
  });

  await signInViaUi(page, owner, { baseURL: officeUrl });
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${owner.first}`) })).toBeVisible();
  // The refresh cookie is not Secure over http, so a reload keeps the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${owner.first}`) })).toBeVisible();

  // The payment form makes its idempotency key without crypto.randomUUID.
  await page.goto('/propertymanagement/agency/PMMoneyTransactions/rct');
  const form = page.getByRole('form', { name: 'Receive rent payment' });
  await form.getByRole('combobox', { name: 'Ledger' }).click();
  await page.getByRole('option', { name: 'Rent' }).click();
  await form.getByLabel('Tenancy ID').fill(String(tenancyId));
  await form.getByRole('button', { name: 'Validate' }).click();
  await expect(form.getByLabel('Selected tenancy')).toContainText('Otieno Ouma');
  await form.getByLabel('PaymentDetails').fill('M-Pesa at the office');
  await form.getByLabel('PaymentAmount').fill('5000');
  await form.getByRole('button', { name: 'Receive payment' }).click();
  await page.getByRole('dialog', { name: 'Make Rent payment?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Payment made successfully')).toBeVisible();
  expect(https).toEqual([]);
});
