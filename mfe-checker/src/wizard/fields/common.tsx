/** What every control of the wizard shares: how a message is shown and when all of them show. */
import { createContext } from 'react';
import styles from '../fields.module.css';

export const AMOUNT_MESSAGE = 'Please enter an amount in pounds, e.g. 125.50.';
export const PAGES_MESSAGE = 'Please enter a whole number of pages, e.g. 15000.';

export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** Set by the wizard once Next has been pressed on a step with problems: every message shows. */
export const ShowAllMessages = createContext(false);
