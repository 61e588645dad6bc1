import { useEffect, useRef, type RefObject } from 'react';

/**
 * When what a fragment shows changes (a new view), move the focus to its heading, so keyboard
 * and screen-reader users are not left on a button that has gone. Not on the first render: the
 * drawer that opens it decides where focus starts.
 */
export function useFocusHeadingOnChange(container: RefObject<HTMLElement | null>, key: string): void {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    container.current?.querySelector<HTMLElement>('[data-view-heading]')?.focus();
  }, [container, key]);
}
