/**
 * Steps that many specs take the same way: filling the basket from a list, opening its drawer,
 * filling the contact details of a quote, and a unique e-mail address per test.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Adds the first `count` products of the multifunctionals list to the basket; returns their "Brand Model" names. */
export async function addFromList(page: Page, count: number): Promise<string[]> {
  await page.goto('/printers/multifunctionals');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    names.push(((await card.getByRole('heading').textContent()) ?? '').replace(/\s+/g, ' ').trim());
    await card.getByRole('button', { name: 'Add to basket' }).click();
  }
  await expect(page.getByRole('button', { name: new RegExp(`^Comparison basket, ${count}\\b`) })).toBeVisible();
  return names;
}

/** Opens the comparison basket from the header's toggle; the drawer once its heading shows. */
export async function openBasket(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByTestId('basket-toggle').click();
  const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Comparison basket' })).toBeVisible();
  return drawer;
}

/** Fills the contact form (a quote, the instant quote, the checker's report) with valid details and leaves the last field. */
export async function fillQuoteForm(form: Locator, email: string): Promise<void> {
  await form.getByLabel('First name').fill('Jo');
  await form.getByLabel('Last name').fill('Bloggs');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Phone number').fill('0116 496 0123');
  await form.getByLabel('Postcode').fill('LE19 1WX');
  await form.getByLabel('Postcode').blur();
}

/** An e-mail address no other test or run uses, so a test finds its own mails in the outbox. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.uk`;
}
