import { expect, test } from '@playwright/test';

import { readOtp } from '../support/outbox';
import { newPerson, signUpViaApi } from '../support/people';
import { shoot } from '../support/screens';

/** The per-account bound (config.ts loginPerAccount; RATE_LIMIT_SCALE leaves it as it is). */
const ACCOUNT_BOUND = 100;

test('strangers spend the account bound with wrong passwords; the owner still logs in with the code mailed to them', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = newPerson('Neema', 'Achieng');
  await signUpViaApi(request, owner);
  const signUpCode = await readOtp(owner.email);

  for (let i = 0; i < ACCOUNT_BOUND; i += 10) {
    const batch = Array.from({ length: 10 }, (_, j) =>
      request.post('/api/userauth/login', { data: { Email: owner.email, Password: `stranger-guess-${i + j}` } }),
    );
    for (const res of await Promise.all(batch)) expect(res.status()).toBe(401);
  }

  await page.goto('/signin');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('logging in now also needs a code');
  const codeField = page.getByLabel('Code from the email');
  await expect(codeField).toBeVisible();
  await shoot(page, 'sign-in-code');

  const code = await readOtp(owner.email, { after: signUpCode });
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${owner.first}`) })).toBeVisible();
});
