import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that runs `send` once at a time: a second press (a double click, Enter
 * twice) while the first is still checking or sending does nothing.
 */
export function useSubmitOnce(send: () => Promise<unknown>): (event: FormEvent<HTMLFormElement>) => Promise<void> {
  const running = useRef(false);
  return async (event) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    try {
      await send();
    } finally {
      running.current = false;
    }
  };
}
