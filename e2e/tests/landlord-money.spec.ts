import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { post } from '../support/api';
import { readMailMatch } from '../support/outbox';
import { newPerson, personWithAccount, signInViaUi, signUpViaApi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

// The walk in two browsers: a 10% agreement with MRI withheld, a tenant
// pays 20,000, the landlord is owed 16,500 (2,000 commission, 1,500 tax); an
// expense of 3,000 waits for the landlord, who approves it in their own
// browser; the remittance run pays 13,500; the owner statement PDF, looked at
// page by page as images, and the landlord's view show the same figures.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wairimu', 'Njoroge');
const landlordPerson = newPerson('Omondi', 'Otieno');
const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

let office: Page;
let landlord: Page;
let request: APIRequestContext;
let agentId = 0;
let propId = 0;
let landlordNo = 0;
let tenancyId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  // The server's own clock: the agreement starts today and the expense is dated today.
  await writeFile(process.env.E2E_CLOCK_FILE!, '');
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Tumaini Homes' });
  await signUpViaApi(request, landlordPerson);
  await withApiSession(request, owner, async (headers) => {
    const client = await post(request, '/api/client/register', headers, {
      First_name: landlordPerson.first,
      Last_name: landlordPerson.last,
      Email: landlordPerson.email,
      PhoneNo: '0722000111',
      CapturingAgentId: agentId,
    });
    landlordNo = client.clientNo;
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Tumaini Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kileleshwa',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    propId = property.PropId;
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: propId,
      House_number: 'A1',
      Description: 'Two bedrooms',
      Rent: '20,000',
      Deposit: '0',
      readiness: 0,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Neema',
      Last_name: 'Chebet',
      Email: `neema-${Date.now()}@example.com`,
      PhoneNo: '0708374149',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '23456789',
      Tenant_Employer: 'KenGen',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Baba Chebet',
      Next_of_kin_phone: '0799888777',
    });
    tenancyId = booked.TenancyId;
    await post(request, '/api/landlord-money/kra-pin', headers, { managingAgentId: agentId, LandlordNo: landlordNo, KraPin: 'A123456789B' });
  });
  office = await (await browser.newContext()).newPage();
  landlord = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
  await office?.context().close();
  await landlord?.context().close();
  await request?.dispose();
});

/** The person's browser session ends (one session per user), then `fn` runs in an API session of theirs. */
async function takeOverSession<T>(p: typeof owner, fn: (headers: Record<string, string>, user: { userNo: number; clientNo: number }) => Promise<T>) {
  const refused = await request.post('/api/userauth/login', { data: { Email: p.email, Password: p.password } });
  if (refused.status() === 401) {
    const { SessionId } = await refused.json();
    await request.patch('/api/userauth/endPreviousSession', { data: { SessionId } });
  } else {
    const { accessToken } = await refused.json();
    await request.post('/api/userauth/logout', { headers: { authorization: `Bearer ${accessToken}` }, data: {} });
  }
  return withApiSession(request, p, fn);
}

test('the office sets a 10% agreement with MRI withheld; a tenant pays 20,000', async () => {
  await signInViaUi(office, owner);
  await office.goto(pm('landlord-money/agreements'));
  const form = office.getByRole('region', { name: 'Management agreement' });
  await form.getByLabel('Commission (% of rent collected)').fill('10.00');
  await form.getByLabel('Remittance day of the month').fill('5');
  await form.getByLabel(/^Expenses above this need/).fill('2,000');
  await form.getByLabel('M-Pesa number').fill('0722000111');
  await form.getByLabel(/withholds rental income tax/).check();
  await form.getByLabel("Date of KRA's appointment as withholding agent").fill('2026-01-05');
  await form.getByLabel("Reference of KRA's appointment letter").fill('KRA/WHT/2026/001');
  await form.getByRole('button', { name: 'Save agreement' }).click();
  await expect(form.getByRole('status')).toContainText('saved');
  await expect(form.getByRole('table', { name: 'Agreements of this property' })).toContainText('10.00%');
  await shoot(office, 'landlord-agreement');
  await takeOverSession(owner, (headers) =>
    post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: tenancyId,
      paymentdetails: 'Cash at office',
      RecievedAmount: '20,000',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `landlord-walk-${Date.now()}`,
    }),
  );
});

test('the office sees the landlord owed 16,500 and invites them', async () => {
  await signInViaUi(office, owner);
  await office.goto(pm('landlord-money/balances'));
  const row = office.getByRole('row').filter({ hasText: `${landlordPerson.first} ${landlordPerson.last}` });
  await expect(row).toContainText('Ksh 16,500.00');
  await expect(row).toContainText('Ksh 2,000.00');
  await expect(row).toContainText('Ksh 1,500.00');

  await office.goto(pm('landlord-money/access'));
  const access = office.getByRole('region', { name: 'Landlords who see their books' });
  await access.getByLabel('Landlord', { exact: true }).click();
  await office.getByRole('option', { name: `${landlordPerson.first} ${landlordPerson.last}` }).click();
  await access.getByLabel('Email').fill(landlordPerson.email);
  await access.getByRole('button', { name: 'Send invitation' }).click();
  await expect(access.getByText('Invitation sent')).toBeVisible();
  await expect(access.getByRole('cell', { name: /^Invited/ })).toBeVisible();
  await shoot(office, 'landlord-access');
});

test('the landlord signs in from the invitation, accepts, and sees 16,500', async () => {
  const link = await readMailMatch(landlordPerson.email, /(\/landlord-invite\/[A-Za-z0-9_-]{43})/);
  await landlord.goto(link);
  await expect(landlord.getByRole('heading', { name: 'Invitation to see your properties' })).toBeVisible();
  await shoot(landlord, 'landlord-invite');
  await landlord.getByRole('link', { name: 'Sign in' }).click();
  await landlord.getByLabel('Email').fill(landlordPerson.email);
  await landlord.getByLabel('Password', { exact: true }).fill(landlordPerson.password);
  await landlord.getByRole('button', { name: 'Log in' }).click();
  await expect(landlord).toHaveURL(/\/landlord-invite\//);
  await landlord.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(landlord).toHaveURL(/\/landlord$/);
  await expect(landlord.getByRole('tab', { name: /Tumaini Homes/ })).toBeVisible();
  const summary = landlord.getByRole('region', { name: 'Owed to you' });
  await expect(summary).toContainText('Ksh 16,500.00');
  await expect(summary).toContainText('Ksh 20,000.00');
  await expect(summary).toContainText('Ksh 2,000.00');
  await expect(summary).toContainText('Ksh 1,500.00');
  await expect(landlord.getByRole('region', { name: 'Houses' })).toContainText('Neema Chebet');
  // With no work account of their own, the Property Management menu leads them here.
  await landlord.getByRole('button', { name: 'Property Management' }).click();
  await expect(landlord.getByRole('menuitem', { name: 'Properties agencies manage for me' })).toBeVisible();
  await landlord.keyboard.press('Escape');
});

test('an expense of 3,000 waits; the landlord approves it in their browser', async () => {
  await office.goto(pm('landlord-money/expenses'));
  const form = office.getByRole('region', { name: 'Property expenses' });
  await form.getByLabel('Property', { exact: true }).click();
  await office.getByRole('option', { name: 'Tumaini Court' }).click();
  await form.getByLabel('Payee').fill('Juma Plumbers');
  await form.getByLabel('Amount (Ksh)').fill('3,000');
  await form.getByLabel('Reference').fill('INV-77');
  await form.getByLabel('Note').fill('Kitchen sink');
  await form.getByRole('button', { name: 'Record expense' }).click();
  await expect(form.getByRole('status')).toContainText('waits for the landlord');
  await expect(form.getByRole('table')).toContainText('Waiting for you');
  await shoot(office, 'landlord-expenses');

  await landlord.reload();
  const approvals = landlord.getByRole('region', { name: 'Waiting for your approval' });
  await expect(approvals).toContainText('Juma Plumbers');
  await expect(approvals).toContainText('Ksh 3,000.00');
  await shoot(landlord, 'landlord-view-approval');
  await approvals.getByRole('button', { name: /^Approve/ }).click();
  await expect(approvals).toContainText('No expense is waiting for your approval.');
  await expect(landlord.getByRole('region', { name: 'Owed to you' })).toContainText('Ksh 13,500.00');
});

test('the remittance run pays 13,500', async () => {
  await office.goto(pm('landlord-money/remittance'));
  const run = office.getByRole('region', { name: 'Remittance run' });
  await expect(run.getByRole('row').filter({ hasText: `${landlordPerson.first} ${landlordPerson.last}` })).toContainText('Ksh 13,500.00');
  await run.getByRole('button', { name: /^Pay 1 landlord Ksh 13,500.00$/ }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Record 1 payout of Ksh 13,500.00' }).click();
  await expect(run.getByText(`paid: ${landlordPerson.first} ${landlordPerson.last}`)).toBeVisible();
});

test('the owner statement PDF and the landlord’s view show the same figures', async () => {
  await landlord.reload();
  const summary = landlord.getByRole('region', { name: 'Owed to you' });
  await expect(summary).toContainText('Ksh 13,500.00');
  await expect(summary.getByText('Closing balance', { exact: true }).locator('..')).toContainText('0.00');
  await expect(landlord.getByRole('region', { name: 'Payouts' })).toContainText('Ksh 13,500.00');
  await shoot(landlord, 'landlord-view');

  const month = nairobiToday().slice(0, 7);
  const [landlordDownload] = await Promise.all([landlord.waitForEvent('download'), landlord.getByRole('button', { name: 'Owner statement (PDF)' }).click()]);
  await office.goto(pm('landlord-money/statement'));
  await expect(office.getByRole('region', { name: 'Owner statement' })).toContainText('Ksh 13,500.00');
  const [agencyDownload] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: 'PDF', exact: true }).click()]);
  // The landlord's copy is the agency's statement, figure for figure.
  const dir = mkdtempSync(path.join(tmpdir(), 'owner-statement-'));
  await landlordDownload.saveAs(path.join(dir, 'statement.pdf'));
  await agencyDownload.saveAs(path.join(dir, 'agency.pdf'));
  expect(landlordDownload.suggestedFilename()).toContain(month);
  const text = spawnSync('pdftotext', ['-layout', path.join(dir, 'statement.pdf'), '-'], { encoding: 'utf8' }).stdout;
  const agencyText = spawnSync('pdftotext', ['-layout', path.join(dir, 'agency.pdf'), '-'], { encoding: 'utf8' }).stdout;
  expect(text).toBe(agencyText);
  for (const figure of ['20,000.00', '2,000.00', '1,500.00', '3,000.00', '13,500.00', 'Juma Plumbers', 'Neema Chebet', 'A123456789B']) {
    expect(text, `the statement shows ${figure}`).toContain(figure);
  }
  // Each page as an image, for a person to look at.
  const rendered = spawnSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'statement.pdf'), path.join(SHOTS, 'owner-statement-page')]);
  expect(rendered.status).toBe(0);
  const pages = readdirSync(SHOTS).filter((f) => f.startsWith('owner-statement-page'));
  expect(pages.length).toBeGreaterThan(0);
});

test('the MRI screen shows the month’s 1,500 withheld on 20,000 of residential rent', async () => {
  await office.goto(pm('landlord-money/mri'));
  const mri = office.getByRole('region', { name: 'Monthly Rental Income tax (MRI)' });
  // The month's table of landlords, not the rental-tax pack below it, which lists the landlord per tenant.
  const months = mri.getByRole('table', { name: 'Monthly Rental Income tax (MRI)' });
  const row = months.getByRole('row').filter({ hasText: `${landlordPerson.first} ${landlordPerson.last}` });
  await expect(row).toContainText('A123456789B');
  await expect(row).toContainText('Ksh 20,000.00');
  await expect(row).toContainText('Ksh 1,500.00 (7.50%)');
  await shoot(office, 'landlord-mri');
});

test('a service charge paid is the landlord’s less the agreement’s commission; garbage passed on is owed onward, not the landlord’s', async () => {
  await takeOverSession(owner, async (headers, user) => {
    // Today's agreement again, now taking commission on recurring charges too (entries already posted keep their amounts).
    await post(request, '/api/landlord-money/agreement', headers, {
      managingAgentId: agentId,
      PropId: propId,
      EffectiveFrom: nairobiToday(),
      CommissionPercent: '10.00',
      CommissionKinds: ['rent', 'service'],
      WithholdTax: true,
      KraAppointedOn: '2026-01-05',
      KraAppointmentRef: 'KRA/WHT/2026/001',
      PayoutMethod: 'mpesa',
      PayoutPhone: '0722000111',
      RemittanceDay: 5,
      ApprovalThreshold: '2,000',
    });
    // Billed from this month (set up after the 1st, a charge otherwise starts the next: decision 047).
    const FromMonth = nairobiToday().slice(0, 7);
    await post(request, '/api/charges/recurring', headers, { managingAgentId: agentId, PropId: propId, Name: 'Service charge', Amount: '1,000', FromMonth });
    await post(request, '/api/charges/recurring', headers, { managingAgentId: agentId, PropId: propId, Name: 'Garbage', Amount: '300', PassThrough: true, FromMonth });
    await post(request, '/api/tenancy/runmonthlytenancyinvoicesbyagentid', headers, {
      managingAgentId: agentId,
      updatedBy: user.userNo,
      currentDate: new Date().toISOString(),
    });
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: tenancyId,
      paymentdetails: 'Cash at office',
      RecievedAmount: '1,300',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `landlord-walk-charges-${Date.now()}`,
    });
  });
  await signInViaUi(office, owner);
  await office.goto(pm('landlord-money/balances'));
  // 1,000 service charge less 10% is the landlord's; the 300 garbage is passed on.
  const row = office.getByRole('row').filter({ hasText: `${landlordPerson.first} ${landlordPerson.last}` });
  await expect(row).toContainText('Ksh 21,300.00');
  await expect(row).toContainText('Ksh 300.00');
  await expect(row).toContainText('Ksh 2,100.00');
  await expect(row.getByRole('cell').last()).toHaveText('Ksh 900.00');
  const trust = office.getByRole('region', { name: 'Trust reconciliation' });
  await expect(trust.getByRole('row').filter({ hasText: 'Owed onward (pass-through charges)' })).toContainText('Ksh 300.00');
  await expect(office.getByTestId('trust-difference')).toHaveText('Ksh 0.00');
  await shoot(office, 'landlord-balances-charges');

  await office.goto(pm('landlord-money/statement'));
  const statement = office.getByRole('region', { name: 'Owner statement' });
  await expect(statement.getByTestId('statement-charges')).toHaveText('Ksh 1,300.00');
  await expect(statement.getByTestId('statement-passed-on')).toContainText('300.00');
  await expect(statement.getByTestId('statement-closing')).toHaveText('Ksh 900.00');

  await landlord.reload();
  const summary = landlord.getByRole('region', { name: 'Owed to you' });
  await expect(summary.getByText('Other charges collected', { exact: true }).locator('..')).toContainText('Ksh 1,300.00');
  await expect(summary.getByText('Passed on to third parties (not yours)', { exact: true }).locator('..')).toContainText('Ksh 300.00');
  await expect(summary.getByText('Closing balance', { exact: true }).locator('..')).toContainText('Ksh 900.00');

  // MRI stays on rent alone.
  await office.goto(pm('landlord-money/mri'));
  const mri = office.getByRole('table', { name: 'Monthly Rental Income tax (MRI)' });
  await expect(mri.getByRole('row').filter({ hasText: `${landlordPerson.first} ${landlordPerson.last}` })).toContainText('Ksh 20,000.00');
});

test('the garbage passed on is paid onward to the contractor: the payable clears, the trust balances, the statements show it apart from the landlord’s money', async () => {
  await office.goto(pm('landlord-money/pass-through'));
  const section = office.getByRole('region', { name: 'Pass-through charges owed onward' });
  const owedTable = section.getByRole('table', { name: 'Owed onward' });
  const garbage = owedTable.getByRole('row').filter({ hasText: 'Garbage' });
  await expect(garbage).toContainText('Ksh 300.00');
  await section.getByRole('button', { name: 'Pay onward: Garbage at Tumaini Court' }).click();
  const form = office.getByRole('region', { name: 'Pay Garbage at Tumaini Court onward' });
  await expect(form.getByLabel('Amount (Ksh)')).toHaveValue('300');
  await form.getByLabel('Paid to').fill('Kileleshwa Waste Ltd');
  await form.getByLabel('Reference').fill('QWE123RTY');
  // More than is owed onward is stopped on the screen (and by the server whatever the screen says).
  await form.getByLabel('Amount (Ksh)').fill('301');
  await expect(form.getByText('At most Ksh 300.00 is owed onward for this charge')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  await form.getByLabel('Amount (Ksh)').fill('300');
  await shoot(office, 'landlord-pay-onward');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(section.getByRole('status')).toHaveText('Payment onward recorded');
  await expect(form).toBeHidden();
  await expect(garbage.getByRole('cell').nth(1)).toHaveText('Ksh 0.00');
  await expect(section.getByRole('table', { name: 'Payments onward' })).toContainText('Kileleshwa Waste Ltd');
  await shoot(office, 'landlord-paid-onward');

  await office.goto(pm('landlord-money/balances'));
  const trust = office.getByRole('region', { name: 'Trust reconciliation' });
  await expect(trust.getByRole('row').filter({ hasText: 'Owed onward (pass-through charges)' })).toContainText('Ksh 0.00');
  await expect(office.getByTestId('trust-difference')).toHaveText('Ksh 0.00');

  await office.goto(pm('landlord-money/statement'));
  const statement = office.getByRole('region', { name: 'Owner statement' });
  await expect(statement.getByTestId('statement-paid-onward')).toHaveText('Ksh 300.00');
  await expect(statement.getByTestId('statement-owed-onward')).toHaveText('Ksh 0.00');
  // The landlord's money is as it was: paying the contractor never was theirs to pay.
  await expect(statement.getByTestId('statement-closing')).toHaveText('Ksh 900.00');

  await landlord.reload();
  const summary = landlord.getByRole('region', { name: 'Owed to you' });
  await expect(summary.getByText('Closing balance', { exact: true }).locator('..')).toContainText('Ksh 900.00');
  await expect(summary.getByRole('table', { name: 'Pass-through charges paid onward (not the landlord’s money)' })).toContainText('Kileleshwa Waste Ltd');
  await expect(summary.getByTestId('statement-paid-onward')).toHaveText('Ksh 300.00');
  await shoot(landlord, 'landlord-view-paid-onward');
});
