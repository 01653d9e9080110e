import { expect, test, type Page } from '@playwright/test';

import { readOtp } from '../support/outbox';
import { expectAccessible } from '../support/screens';

const user = {
  first: 'Amani',
  last: 'Otieno',
  email: `e2e-${Date.now()}@example.com`,
  phone: '0712345678',
  password: 'makazi-e2e-1',
};

async function logIn(page: Page) {
  await page.goto('/signin');
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function expectWelcomed(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${user.first}`) })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
}

// One story: the later steps use the account the first one creates.
test.describe.configure({ mode: 'serial' });

test('a new user signs up in four steps and lands home, greeted by name', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // BioData
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required')).toHaveCount(2);
  await expectAccessible(page, 'sign-up bio data');
  await page.getByLabel('First Name').fill(user.first);
  await page.getByLabel('Last Name').fill(user.last);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone No').fill(user.phone);
  await page.getByRole('button', { name: 'Next' }).click();

  // Email Verification
  await expect(page.getByRole('img', { name: 'Email not verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Verify Email to continue')).toBeVisible();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('OTP sent. Check your email and enter the OTP here:')).toBeVisible();
  await expectAccessible(page, 'sign-up email verification');
  await expect(page.getByRole('button', { name: /^Resend OTP in \d:\d\d$/ })).toBeDisabled();
  const code = await readOtp(user.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('OTP').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('incorrect OTP')).toBeVisible();
  await page.getByLabel('OTP').fill(code);
  await expect(page.getByText('incorrect OTP')).toBeHidden();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('img', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Set Password
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Next' }).click();

  // Confirm Details
  const dialog = page.getByRole('dialog', { name: 'Confirm Details' });
  await expect(dialog.getByText(user.email)).toBeVisible();
  await expect(dialog.getByText(user.phone)).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete' }).click();

  // Success
  await expect(page.getByRole('heading', { name: 'Account Created Successfully' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expectWelcomed(page);

  // A logged-in user has no business on /signup.
  await page.goto('/signup');
  await expectWelcomed(page);

  await logOut(page);
});

test('the user logs out and logs in again; the session survives a reload', async ({ page }) => {
  await logIn(page);
  await expectWelcomed(page);

  // The access token lives in memory only: the refresh cookie brings the session back.
  await page.reload();
  await expectWelcomed(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(`Hi ${user.first}`, { exact: false })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByText(/User No: \d+/)).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue(user.first);
  await expect(page.getByLabel('Email Address')).toBeDisabled();

  await logOut(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();

  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectWelcomed(page);

  // Leave no session behind for the next test.
  await logOut(page);
});

test('a second browser is offered to terminate the previous session, and then gets in', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    await logIn(firstPage);
    await expectWelcomed(firstPage);

    const page = await second.newPage();
    await logIn(page);
    const terminate = page.getByRole('button', { name: 'Terminate Previous Sessions' });
    await expect(terminate).toBeVisible();
    await expect(page.getByText(/Log in time: /)).toBeVisible();
    await terminate.click();

    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectWelcomed(page);
  } finally {
    await first.close();
    await second.close();
  }
});
