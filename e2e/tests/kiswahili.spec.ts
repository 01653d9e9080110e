import { expect, test, type Page } from '@playwright/test';

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

test('on another device the saved Kiswahili comes back at sign-in', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: NARROW });
  const page = await context.newPage();
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
  await context.close();
});
