/**
 * The savings checker remote on its own page (/remotes/checker/), as its team and QA run it without
 * the shell: the wizard's first steps with their messages and focus, the answers kept in the
 * browser across a reload, and Back. `npm test -w mfe-checker` runs this after the room's unit tests.
 */
import { expect, test } from '../../support/test';
import { watchForErrors } from './standalone';

test('the checker alone: the wizard checks, moves on, and keeps its progress across a reload', async ({ page }) => {
  const errors = watchForErrors(page);
  const response = await page.goto('/remotes/checker/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('banner')).toHaveText(/^Copytech · checker \(standalone\)/);
  const wizard = page.locator('[data-team="checker"]');
  const heading = page.locator('#checker-step-heading');
  await expect(wizard.getByText('Step 1 of 4')).toBeVisible();

  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Please choose how you would like to tell us your costs.')).toBeVisible();
  await wizard.getByRole('radio', { name: /Item by item/ }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText('Your equipment');
  await expect(heading).toBeFocused();
  await wizard.getByRole('radio', { name: /^Leased/ }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText('Your lease or rental payment');
  await expect(wizard.getByText('Step 2 of 4')).toBeVisible();

  await page.reload();
  await expect(heading).toHaveText('Your lease or rental payment');
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(heading).toHaveText('Your equipment');
  await expect(wizard.getByRole('radio', { name: /^Leased/ })).toBeChecked();
  expect(errors).toEqual([]);
});
