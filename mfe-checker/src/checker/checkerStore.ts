/**
 * The page's one checker store, created on first use: leaving the page and coming back in the
 * same visit keeps the progress (and sessionStorage keeps it across a reload).
 */
import { SavingsCheckerStore } from './SavingsCheckerStore';

let instance: SavingsCheckerStore | null = null;

export function checkerStore(): SavingsCheckerStore {
  instance ??= new SavingsCheckerStore();
  return instance;
}
