import { writeFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { englishLeft } from '../../packages/domain/src/i18n/english-left';
import { readOtp } from '../support/outbox';
import { NARROW, shoot } from '../support/screens';

const user = {
  first: 'Amani',
  last: 'Wekesa',
  email: `e2e-sw-${Date.now()}@example.com`,
  phone: '0712345679',
  password: 'makazi-e2e-sw-1',
};

async function expectKiswahili(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
}

/**
 * The English catalogue's texts the screen shows, whole: each visible
 * element's rendered text and the names it reads out. A Kiswahili screen has none.
 */
async function expectNoEnglish(page: Page, screen: string) {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || !el.checkVisibility()) continue;
      out.push(el.innerText ?? '');
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  expect(englishLeft(texts), `English met on ${screen}`).toEqual([]);
}

/** A screen of the walk: in Kiswahili, no English sentence, axe-checked and photographed at both widths. */
async function look(page: Page, screen: string) {
  await expectKiswahili(page);
  await expectNoEnglish(page, screen);
  await shoot(page, `sw-${screen}`);
  await page.setViewportSize(NARROW);
}

// One story: the second device signs in to the account the first one creates.
test.describe.configure({ mode: 'serial' });

test('a Kiswahili speaker signs up on a phone without meeting English, and keeps Kiswahili in the profile', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(NARROW);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  await page.getByText('Kiswahili', { exact: true }).first().click();
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { name: 'Karibu Makazi' })).toBeVisible();
  await shoot(page, 'sw-welcome');

  await page.getByRole('navigation', { name: 'Kuu' }).getByRole('link', { name: 'Jisajili' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Endelea' }).click();
  await expect(page.getByText('Jina linahitajika')).toHaveCount(2);
  await shoot(page, 'sw-sign-up-bio-data');
  await page.getByLabel('Jina la Kwanza').fill(user.first);
  await page.getByLabel('Jina la Mwisho').fill(user.last);
  await page.getByLabel('Barua pepe').fill(user.email);
  await page.getByLabel('Nambari ya Simu').fill(user.phone);
  await page.getByRole('button', { name: 'Endelea' }).click();

  await expect(page.getByRole('img', { name: 'Barua pepe haijathibitishwa' })).toBeVisible();
  await page.getByRole('button', { name: 'Pata OTP' }).click();
  await expect(page.getByText('OTP imetumwa. Angalia barua pepe yako kisha uweke OTP hapa:')).toBeVisible();
  await shoot(page, 'sw-sign-up-verification');
  await page.getByLabel('OTP').fill(await readOtp(user.email));
  await page.getByRole('button', { name: 'Thibitisha', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Barua pepe imethibitishwa' })).toBeVisible();
  await page.getByRole('button', { name: 'Endelea' }).click();

  await page.getByLabel('Nenosiri', { exact: true }).fill(user.password);
  await page.getByLabel('Thibitisha Nenosiri').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'Endelea' }).click();
  await expect(page.getByText('Manenosiri hayalingani')).toBeVisible();
  await shoot(page, 'sw-sign-up-password');
  await page.getByLabel('Thibitisha Nenosiri').fill(user.password);
  await page.getByRole('button', { name: 'Endelea' }).click();

  const dialog = page.getByRole('dialog', { name: 'Thibitisha Taarifa' });
  await expect(dialog.getByText(user.email)).toBeVisible();
  await dialog.getByRole('button', { name: 'Kamilisha' }).click();
  await expect(page.getByRole('heading', { name: 'Akaunti Imefunguliwa' })).toBeVisible();
  await shoot(page, 'sw-sign-up-done');
  await page.getByRole('button', { name: 'Maliza' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Karibu .*${user.first}`) })).toBeVisible();
  await shoot(page, 'sw-home');

  // The choice is kept on the server from the profile, so it follows the user to other devices.
  await page.getByRole('button', { name: /menyu ya akaunti/ }).click();
  await page.getByRole('menuitem', { name: 'Wasifu' }).click();
  await expect(page.getByRole('heading', { name: 'Wasifu' })).toBeVisible();
  await expect(page.getByLabel('Jina la Kwanza')).toHaveValue(user.first);
  const saved = page.waitForResponse((r) => r.url().includes('/setuserlanguage') && r.ok());
  await page.getByTestId('profile-language').getByText('English', { exact: true }).click();
  await saved;
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const savedSw = page.waitForResponse((r) => r.url().includes('/setuserlanguage') && r.ok());
  await page.getByTestId('profile-language').getByText('Kiswahili', { exact: true }).click();
  await savedSw;
  await expect(page.getByRole('heading', { name: 'Wasifu' })).toBeVisible();
  await expectKiswahili(page);
  await shoot(page, 'sw-profile');

  // Validation messages read in Kiswahili too.
  await page.getByLabel('Nambari ya Simu').fill('0712');
  await page.getByRole('button', { name: 'Hifadhi' }).click();
  await expect(page.getByText('Tafadhali weka nambari sahihi ya simu')).toBeVisible();
});

let page: Page;
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const stamp = Date.now();
const landlord = { first: 'Baraka', last: 'Mwangi', email: `e2e-sw-baraka-${stamp}@example.com`, phone: '0722000111' };
const tenant = { first: 'Achieng', last: 'Otieno', email: `e2e-sw-achieng-${stamp}@example.com`, phone: '0733000222' };
let tenancyId = 0;

test.afterAll(async () => {
  await page?.context().close();
});

test('on another device the saved Kiswahili comes back at sign-in', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: NARROW });
  page = await context.newPage();
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // One session at a time: the first device's is ended from here.
  await page.getByRole('button', { name: 'Terminate Previous Sessions' }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Karibu .*${user.first}`) })).toBeVisible();
  await expectKiswahili(page);
  await shoot(page, 'sw-home-second-device');
  await expect(page.getByRole('button', { name: 'Jisajili' })).toHaveCount(0);
});

async function registerClient(person: typeof landlord) {
  await page.goto(pm('client/addclient'));
  await page.getByLabel('Jina la Kwanza').fill(person.first);
  await page.getByLabel('Jina la Mwisho').fill(person.last);
  await page.getByLabel('Anwani ya Barua pepe').fill(person.email);
  await page.getByLabel('Nambari ya Simu').fill(person.phone);
}

test('the first day in Kiswahili: an agency, its landlord, a property and a house', async () => {
  test.setTimeout(240_000);
  await page.getByRole('navigation', { name: 'Kuu' }).getByRole('button', { name: 'Usimamizi wa Majengo' }).click();
  await page.getByRole('menuitem', { name: 'Fungua Akaunti ya Usimamizi wa Majengo' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/createagencyaccount$/);
  await page.getByRole('radio', { name: 'Akaunti ya wakala' }).click();
  await page.getByLabel('Jina la Wakala').fill('Nyumba Bora');
  await page.getByLabel('PIN ya KRA').fill('P051234567X');
  await page.getByLabel('Anwani').fill('Moi Avenue 12');
  await page.getByRole('radio', { name: 'Hapana', exact: true }).click();
  await look(page, 'create-agency');
  await page.getByRole('button', { name: 'Fungua Akaunti' }).click();
  await expect(page.getByText(/Akaunti yako ya wakala Nyumba Bora iko tayari/)).toBeVisible();

  await page.goto(pm('dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashibodi' })).toBeVisible();
  await expect(page.getByText('Akaunti Yangu ya Wakala: Nyumba Bora')).toBeVisible();
  await expect(page.getByLabel('Upangaji Unaoendelea: 0')).toBeVisible();
  await expect(page.getByText('Bado hakuna kodi iliyotozwa')).toBeVisible();
  await look(page, 'dashboard-empty');

  await registerClient(landlord);
  await look(page, 'add-client');
  await page.getByRole('button', { name: 'Sajili Mteja' }).click();
  await expect(page).toHaveURL(/\/client\/addclient\/success$/);
  await expect(page.getByRole('heading', { name: 'Mteja amesajiliwa' })).toBeVisible();
  await look(page, 'client-registered');

  await page.goto(pm('propertymanagement'));
  await expect(page.getByText('Hakuna majengo yaliyopatikana kwa wakala huyu').or(page.getByRole('heading', { name: 'Majengo' })).first()).toBeVisible();
  await look(page, 'properties-empty');
  await page.getByRole('button', { name: 'Ongeza Jengo Jipya' }).first().click();
  const add = page.getByRole('dialog', { name: 'Ongeza Jengo Jipya' });
  await add.getByLabel('Jina la jengo').fill('Jacaranda Court');
  await add.getByLabel('Nyumba za kupangisha').fill('4');
  await add.getByLabel('Kaunti').fill('Nairobi');
  await add.getByLabel('Mji').fill('Nairobi');
  await add.getByLabel('Eneo/Mtaa').fill('Kileleshwa');
  await add.getByRole('combobox', { name: 'Tafuta mwenye nyumba kwa' }).click();
  await page.getByRole('option', { name: 'Barua pepe' }).click();
  await add.getByLabel('Unachotafuta cha mwenye nyumba').fill(landlord.email);
  await add.getByRole('button', { name: 'Tafuta Mwenye Nyumba' }).click();
  await expect(add.getByTestId('selected-landlord')).toContainText(`${landlord.first} ${landlord.last}`);
  await expectNoEnglish(page, 'add-property');
  await add.getByRole('button', { name: 'Sajili Jengo' }).click();
  // An agency's property goes on to its management agreement (decision 048).
  await expect(add.getByRole('heading', { name: 'Makubaliano ya usimamizi ya Jacaranda Court' })).toBeVisible();
  await add.getByLabel('Nambari ya simu ya M-Pesa').fill('0722000111');
  await add.getByRole('button', { name: 'Hifadhi makubaliano' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('article', { name: 'Jacaranda Court' }).getByRole('button', { name: 'Simamia' }).click();
  await expect(page.getByRole('heading', { name: 'Jacaranda Court' })).toBeVisible();
  await page.getByRole('button', { name: 'Ongeza Nyumba' }).click();
  const house = page.getByRole('dialog', { name: 'Ongeza Nyumba' });
  await house.getByRole('button', { name: 'Ongeza Nyumba' }).click();
  await expect(house.getByText('Nambari ya nyumba inahitajika').or(house.getByRole('alert')).first()).toBeVisible();
  await expectNoEnglish(page, 'add-house-refused');
  await house.getByLabel('Nambari ya nyumba').fill('A1');
  await house.getByLabel('Maelezo').fill('Vyumba viwili');
  await house.getByLabel('Kodi').fill('15000');
  await house.getByLabel('Amana').fill('30000');
  await house.getByLabel('Ndiyo').check();
  await house.getByRole('button', { name: 'Ongeza Nyumba' }).click();
  await expect(house).toBeHidden();
  await expect(page.getByRole('article', { name: 'Nyumba A1' })).toContainText('Kodi: Ksh 15,000.00');
  await look(page, 'houses');
});

test('registers a tenant, books the house, receives rent and prints the statement, in Kiswahili', async () => {
  test.setTimeout(240_000);
  await registerClient(tenant);
  await page.getByRole('button', { name: 'Sajili Mteja' }).click();
  await page.getByRole('link', { name: 'Anzisha upangaji mpya' }).click();
  await expect(page.getByRole('heading', { name: 'Upangaji Mpya' })).toBeVisible();
  await look(page, 'book-choose-property');
  await page.getByLabel('Jacaranda Court').getByRole('button', { name: 'Chagua' }).click();
  await page.getByLabel('Nyumba A1').getByRole('button', { name: 'Chagua' }).click();
  await expect(page.getByLabel('Kodi', { exact: true })).toHaveValue('15,000.00');
  await page.getByRole('button', { name: 'Tafuta Mteja' }).click();
  const search = page.getByRole('dialog', { name: 'Tafuta Mteja' });
  await search.getByRole('combobox', { name: 'Tafuta kwa?' }).click();
  await page.getByRole('option', { name: 'Jina kamili' }).click();
  await search.getByRole('textbox', { name: 'Tafuta' }).fill(tenant.first);
  await search.getByRole('button', { name: 'Tafuta' }).click();
  await expect(search.getByText(`${tenant.first} ${tenant.last}`)).toBeVisible();
  await expectNoEnglish(page, 'search-client');
  await search.getByText(`${tenant.first} ${tenant.last}`).dblclick();
  await expect(search).toBeHidden();
  await page.getByLabel('Nambari ya Kitambulisho').fill('12345678');
  await page.getByLabel('Mwajiri wa Mpangaji').fill('Acme Limited');
  await page.getByLabel('Biashara ya Mpangaji').fill('Duka');
  await page.getByLabel('Jina la ndugu wa karibu').fill('Mary Otieno');
  await page.getByLabel('Simu ya ndugu wa karibu').fill('0722000333');
  // The form's refusals read in Kiswahili too.
  await page.getByRole('button', { name: 'Anzisha Upangaji' }).click();
  await expect(page.getByText('Taarifa ni fupi mno. Kama hana kazi, andika hivyo')).toBeVisible();
  await look(page, 'book-tenancy-refused');
  await page.getByLabel('Biashara ya Mpangaji').fill('Duka la nguo');
  await look(page, 'book-tenancy');
  await page.getByRole('button', { name: 'Anzisha Upangaji' }).click();

  await expect(page).toHaveURL(/\/tenancymanagement\/tenancies\/\d+$/);
  tenancyId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('balance-due')).toHaveText(/^Ksh [\d,]+\.\d\d/);
  const statement = page.getByRole('list', { name: 'Taarifa ya akaunti' });
  await expect(statement.getByRole('listitem').filter({ hasText: /^Kodi ya / }).first()).toBeVisible();
  await look(page, 'tenancy-booked');

  await page.goto(pm('PMMoneyTransactions/rct'));
  const form = page.getByRole('form', { name: 'Pokea malipo ya kodi' });
  await form.getByRole('combobox', { name: 'Leja' }).click();
  await page.getByRole('option', { name: 'Kodi', exact: true }).click();
  await form.getByLabel('Nambari ya Upangaji').fill(String(tenancyId));
  await form.getByRole('button', { name: 'Thibitisha' }).click();
  await expect(form.getByLabel('Upangaji uliochaguliwa')).toContainText(`${tenant.first} ${tenant.last}`);
  await form.getByLabel('Maelezo ya Malipo').fill('Taslimu ofisini');
  await form.getByLabel('Kiasi cha Malipo').fill('15000');
  await look(page, 'receive-rent');
  await form.getByRole('button', { name: 'Pokea malipo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pokea malipo ya Kodi?' });
  await expect(confirm).toContainText('Pokea Ksh 15,000.00 kutoka kwa');
  await confirm.getByRole('button', { name: 'Ndiyo' }).click();
  await expect(page.getByText('Malipo yamefanyika')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leja' }).getByRole('row').filter({ hasText: 'Kodi' })).toContainText('Ksh 15,000.00');
  await look(page, 'rent-received');

  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByRole('list', { name: 'Taarifa ya akaunti' }).getByRole('listitem').filter({ hasText: 'Taslimu ofisini' })).toContainText('RCT-');
  await expect(page.getByLabel('Kichwa cha taarifa')).toContainText(/Kipindi: \d\d\/\d\d\/\d{4} hadi \d\d\/\d\d\/\d{4}/);
  await look(page, 'statement');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pakua PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`statement-${tenancyId}.pdf`);

  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByText('Mpangaji 1', { exact: true })).toBeVisible();
  await look(page, 'tenancies');
});

/** The server's clock, moved through the file global-setup gives it (a test-only setting); '' gives it back. */
const setServerClock = (iso: string) => writeFile(process.env.E2E_CLOCK_FILE!, iso);

/** The 2nd of next month, 09:00 in Nairobi: the month after the booking's is then due. */
function nextMonthDay() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 6)).toISOString();
}

test('runs the month from the invoicing screen in Kiswahili once a month is due', async () => {
  test.setTimeout(120_000);
  await setServerClock(nextMonthDay());
  try {
    await page.goto(pm('admin/tenancies'));
    await expect(page.getByRole('tab', { name: 'Upangaji' })).toBeVisible();
    await expect(page.getByTestId('invoicing-status')).toHaveText(/^Inadaiwa: .*\.$/);
    await look(page, 'admin-run-the-month');
    await page.getByRole('button', { name: 'Toa ankara za mwezi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Toa ankara za mwezi?' });
    await expectNoEnglish(page, 'run-the-month-dialog');
    await dialog.getByRole('button', { name: 'Toa ankara' }).click();
    await expect(page.getByTestId('invoicing-status')).toHaveText(/^Ankara za .* zimetolewa\.$/);
    await look(page, 'admin-month-run');
  } finally {
    await setServerClock('');
  }
  await page.goto(pm('PMMoneyTransactions/inv'));
  await expect(page.getByRole('heading', { name: 'Ankara za kila mwezi' })).toBeVisible();
  await look(page, 'invoice-runs');
  await page.goto(pm('PMMoneyTransactions/pymnt'));
  await expect(page.getByRole('heading', { name: 'Malipo yaliyopokelewa' })).toBeVisible();
  await look(page, 'payments-received');
  await page.goto(pm('dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashibodi' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Ukusanyaji wa kodi, / })).toBeVisible();
  await look(page, 'dashboard');
});

test('the M-Pesa screens, receipt notices, audit trail and work settings read in Kiswahili', async () => {
  test.setTimeout(120_000);
  await page.goto(pm('mpesa/paybill'));
  await expect(page.getByRole('heading', { name: 'Paybill', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lipa sasa (STK Push)' })).toBeVisible();
  await look(page, 'mpesa-paybill');
  await page.goto(pm('mpesa/unmatched'));
  await expect(page.getByRole('heading', { name: 'Malipo yasiyolingana' }).last()).toBeVisible();
  await look(page, 'mpesa-unmatched');
  await page.goto(pm('mpesa/statement'));
  await expect(page.getByRole('heading', { name: 'Ingiza taarifa ya Paybill' })).toBeVisible();
  await look(page, 'mpesa-statement');
  await page.goto(pm('mpesa/reconciliation'));
  await expect(page.getByRole('table', { name: 'Jumla' })).toBeVisible();
  await look(page, 'mpesa-reconciliation');
  await page.goto(pm('notices'));
  await expect(page.getByRole('heading', { name: 'Arifa za risiti' })).toBeVisible();
  await look(page, 'receipt-notices');
  await page.goto(pm('audit'));
  await expect(page.getByRole('heading', { name: 'Kumbukumbu za ukaguzi' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Lini' })).toBeVisible();
  // Each record by the domain's word in Kiswahili, not its table's name.
  await expect(page.getByRole('cell', { name: /^upangaji \d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^tenancies \d+$/ })).toHaveCount(0);
  await look(page, 'audit-trail');
  await page.goto(pm('admin/users'));
  await expect(page.getByRole('button', { name: 'Ongeza Mtumiaji' })).toBeVisible();
  await look(page, 'admin-users');
});
