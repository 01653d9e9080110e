import { expect, test, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wairimu', 'Njoroge');

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
let tenancyId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Mvita Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Hamisi', 'Juma'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Tudor Court',
      Rental_units: 1,
      County: 'Mombasa',
      Town: 'Mombasa',
      Area_Estate: 'Tudor',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'T1',
      Description: 'Bedsitter',
      Rent: '9,000',
      Deposit: '0',
      readiness: 0,
    });
    // The fake SMS provider refuses numbers ending 000 for good: this tenant's receipt text fails.
    const client = await post(request, '/api/client/register', headers, {
      First_name: 'Mwanaisha',
      Last_name: 'Ali',
      Email: `notices-${Date.now()}@example.com`,
      PhoneNo: '0711000000',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: client.clientNo,
      Id_number: '30123456',
      Tenant_Employer: 'Bandari Limited',
      Tenant_Business: 'None at all',
      Next_of_kin_name: 'Fatuma Ali',
      Next_of_kin_phone: '0722000111',
    });
    tenancyId = booked.TenancyId;
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: tenancyId,
      paymentdetails: 'Cash at the office',
      RecievedAmount: '4,500',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `notices-e2e-${Date.now()}`,
    });
  });
  await request.dispose();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('the notices screen shows a receipt text the provider refused, and the admin resends it', async () => {
  await expect(async () => {
    await page.goto(pm('notices'));
    await expect(page.getByRole('row', { name: /by sms/ })).toContainText('Failed', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const row = page.getByRole('row', { name: /by sms/ });
  await expect(row).toContainText('SMS 0711000000');
  await expect(row).toContainText('InvalidPhoneNumber');
  await expect(row).toContainText('Ksh 4,500');
  await shoot(page, 'notices-failed');

  await row.getByRole('button', { name: 'Resend now' }).click();
  await expect(page.getByText('The notice will be sent again in a moment.')).toBeVisible();
});

test("the tenancy's history in the audit trail names who booked it and who read the tenant's ID number", async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByRole('heading', { name: `Tenancy ${tenancyId}: Mwanaisha Ali` })).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?table=tenancies&recordId=${tenancyId}$`));
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'added' })).toContainText('Wairimu Njoroge');
  await expect(changes.getByRole('row').filter({ hasText: 'read' }).first()).toContainText('id_number');
  await shoot(page, 'audit-tenancy-history');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`audit-agent${agentId}.csv`);
});
