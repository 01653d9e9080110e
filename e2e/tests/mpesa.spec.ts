import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { post } from '../support/api';
import { expectAccessible, NARROW, WIDE } from '../support/screens';

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Njeri', 'Mwangi');
const SHORTCODE = '600984';
const stamp = Date.now().toString(36).toUpperCase().slice(-5);

/** Nairobi wall-clock time as Daraja spells TransTime. */
const transTime = (at = new Date()) =>
  new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);

const callback = (transId: string, account: string, amount: string) => ({
  TransactionType: 'Pay Bill',
  TransID: transId,
  TransTime: transTime(),
  TransAmount: amount,
  BusinessShortCode: SHORTCODE,
  BillRefNumber: account,
  InvoiceNumber: '',
  OrgAccountBalance: '10000.00',
  ThirdPartyTransID: '',
  MSISDN: '2547 ***** 126',
  FirstName: 'JOHN',
  MiddleName: '',
  LastName: 'DOE',
});

test.describe.configure({ mode: 'serial' });

let page: Page;
let request: APIRequestContext;
let tenancyId = 0;
let confirmationPath = '';

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Mvua Homes' });
  await withApiSession(request, owner, async (headers) => {
    // A landlord is one of the agency's own clients.
    const landlord = await post(request, '/api/client/register', headers, {
      First_name: 'Baraka',
      Last_name: 'Landlord',
      Email: `landlord-${Date.now()}@example.com`,
      PhoneNo: '0722000111',
      CapturingAgentId: agentId,
    });
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Mvua Court',
      Rental_units: 2,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kilimani',
      LandlordNo: landlord.clientNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'B2',
      Description: 'One bedroom',
      Rent: '12,000',
      Deposit: '0',
      readiness: 0,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Wairimu',
      Last_name: 'Kariuki',
      Email: `wairimu-${Date.now()}@example.com`,
      PhoneNo: '0712345678',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '23456789',
      Tenant_Employer: 'Safaricom PLC',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Kariuki',
      Next_of_kin_phone: '0799888777',
    });
    tenancyId = booked.TenancyId;
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.close();
  await request?.dispose();
});

test('sets up the paybill and shows the callback URLs to register', async () => {
  await page.goto(pm('mpesa/paybill'));
  const settings = page.getByRole('region', { name: 'Paybill' });
  await settings.getByLabel('Paybill number').fill(SHORTCODE);
  await settings.getByRole('button', { name: 'Save paybill' }).click();
  await expect(page.getByText('Paybill saved')).toBeVisible();
  const url = await page.getByTestId('confirmation-url').textContent();
  expect(url).toMatch(/\/api\/mpesa\/c2b\/[A-Za-z0-9_-]{43}\/confirmation$/);
  confirmationPath = new URL(url!).pathname;
});

test("a callback arrives and the tenancy's balance drops", async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 12,000.00');
  const res = await request.post(confirmationPath, {
    data: callback(`SCB${stamp}01`, String(tenancyId), '5000.50'),
  });
  expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  // Nobody touches the screen: the open tenancy looks again by itself.
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 6,999.50', { timeout: 20_000 });
  await expect(
    page
      .getByRole('table', { name: 'Financial statement' })
      .getByRole('row')
      .filter({ hasText: `M-Pesa SCB${stamp}01` }),
  ).toContainText('5,000.50');
});

test('an unmatched payment is assigned from the queue', async () => {
  const transId = `SCB${stamp}02`;
  await request.post(confirmationPath, { data: callback(transId, 'flat 9', '1999.50') });
  await page.goto(pm('mpesa/unmatched'));
  const row = page.getByRole('row', { name: `Payment ${transId}` });
  await expect(row).toContainText('flat 9');
  await expect(row).toContainText('JOHN DOE');
  await row.getByLabel('Tenancy ID').fill(String(tenancyId));
  await row.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(/Payment made successfully: RCT-\d+/)).toBeVisible();
  await expect(row).toBeHidden();
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 5,000.00');
});

test('a statement is imported and the reconciliation view balances', async () => {
  const now = new Date(Date.now() + 3 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const csv = [
    '"Account Holder:","MVUA HOMES"',
    `"Short Code:","${SHORTCODE}"`,
    '',
    '"Receipt No.","Completion Time","Initiation Time","Details","Transaction Status","Paid In","Withdrawn","Balance","Balance Confirmed","Reason Type","Other Party Info","Linked Transaction ID","A/C No."',
    `"SCB${stamp}01","${now}","${now}","Pay Bill","Completed","5,000.50","","1.00","true","Pay Bill Online","2547****126 - JOHN DOE","","${tenancyId}"`,
    `"SCB${stamp}03","${now}","${now}","Pay Bill","Completed","3,000.00","","1.00","true","Pay Bill Online","2547****555 - ASHA ALI","","${tenancyId}"`,
    `"SCB${stamp}04","${now}","${now}","Charge","Completed","","-30.00","1.00","true","Pay Bill Charge","","",""`,
  ].join('\n');
  await page.goto(pm('mpesa/statement'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Statement (CSV from the M-Pesa organisation portal)').click();
  await (await chooser).setFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByLabel('Preview');
  await expect(preview).toContainText('Matched: 1');
  await expect(preview).toContainText('Already recorded: 1');
  await page.getByRole('button', { name: 'Import 1 payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Posted 1 receipt;' })).toBeVisible();
  await expect(page.getByLabel('Import progress')).toBeVisible();

  await page.goto(pm('mpesa/reconciliation'));
  const view = page.getByRole('region', { name: 'Reconciliation' });
  await expect(view.getByTestId('received')).toHaveText('Ksh 10,000.00');
  await expect(view.getByTestId('posted')).toHaveText('Ksh 10,000.00');
  await expect(view.getByTestId('difference')).toHaveText('Ksh 0.00');
  await expect(view.getByText('Balanced')).toBeVisible();
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 2,000.00');
});

/** The element lies wholly inside the viewport: seen and reached without scrolling sideways. */
async function expectOnScreen(page: Page, what: ReturnType<Page['locator']>, name: string) {
  const box = await what.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${name} is shown`).not.toBeNull();
  expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends on a ${width} px screen`).toBeLessThanOrEqual(width);
}

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';

test('at 390 px the queue and the import preview are cards with Assign and the outcome on screen', async ({ browser }) => {
  // axe needs a page of a context of its own; it takes the signed-in session along.
  const context = await browser.newContext({ viewport: WIDE, storageState: await page.context().storageState() });
  const screen = await context.newPage();
  const transId = `SCB${stamp}05`;
  await request.post(confirmationPath, { data: callback(transId, 'room 7', '750.00') });
  await screen.goto(pm('mpesa/unmatched'));
  for (const [label, size] of [['1280', WIDE], ['390', NARROW]] as const) {
    await screen.setViewportSize(size);
    const payment = screen.getByLabel(`Payment ${transId}`);
    await expect(payment).toContainText('room 7');
    for (const [name, control] of [
      ['Tenancy ID', payment.getByLabel('Tenancy ID')],
      ['Assign', payment.getByRole('button', { name: 'Assign' })],
      ['Note', payment.getByLabel('Note')],
      ['Not rent', payment.getByRole('button', { name: 'Not rent' })],
      ['the amount', payment.getByText('Ksh 750.00')],
    ] as const) {
      await expectOnScreen(screen, control, `${name} at ${label} px`);
    }
    expect(await screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `the queue at ${label} px`).toBeLessThanOrEqual(0);
    await expectAccessible(screen, `the unmatched queue at ${label} px`);
    await screen.screenshot({ path: `${SHOTS}/mpesa-queue-${label}.png`, fullPage: true });
  }

  const now = new Date(Date.now() + 3 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const csv = [
    '"Receipt No.","Completion Time","Initiation Time","Details","Transaction Status","Paid In","Withdrawn","Balance","Balance Confirmed","Reason Type","Other Party Info","Linked Transaction ID","A/C No."',
    `"SCB${stamp}06","${now}","${now}","Pay Bill","Completed","1,250.00","","1.00","true","Pay Bill Online","2547****555 - ASHA WANJIKU MWANGI-OTIENO","","${tenancyId}"`,
    `"SCB${stamp}07","${now}","${now}","Pay Bill","Completed","300.00","","1.00","true","Pay Bill Online","2547****556 - PETER OCHIENG","","nobody knows this account"`,
  ].join('\n');
  await screen.setViewportSize(NARROW);
  await screen.goto(pm('mpesa/statement'));
  const chooser = screen.waitForEvent('filechooser');
  await screen.getByLabel('Statement (CSV from the M-Pesa organisation portal)').click();
  await (await chooser).setFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await screen.getByRole('button', { name: 'Preview' }).click();
  for (const [label, size] of [['390', NARROW], ['1280', WIDE]] as const) {
    await screen.setViewportSize(size);
    const preview = screen.getByLabel('Preview');
    await expect(preview).toContainText('Matched: 1');
    const matched = preview.getByLabel(`Payment SCB${stamp}06`);
    const unknown = preview.getByLabel(`Payment SCB${stamp}07`);
    await expectOnScreen(screen, matched.getByText(`tenancy ${tenancyId}`), `the matched outcome at ${label} px`);
    await expectOnScreen(screen, matched.getByText('Ksh 1,250.00'), `the amount at ${label} px`);
    await expectOnScreen(screen, unknown.getByText('unmatched', { exact: true }), `the unmatched outcome at ${label} px`);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `the preview at ${label} px`).toBeLessThanOrEqual(0);
    await expectAccessible(screen, `the statement preview at ${label} px`);
    await screen.screenshot({ path: `${SHOTS}/mpesa-import-preview-${label}.png`, fullPage: true });
  }
  await context.close();
});
