/**
 * Locks page scrolling while any drawer or the modal is open (uiStore.isScrollLocked). The page
 * does not jump sideways: the scrollbar's width is put back as padding, and published as
 * --scrollbar-compensation for fixed elements.
 */
import { useEffect } from 'react';
import { reaction } from 'mobx';
import { uiStore } from '@copytech/shared';

let unlock: (() => void) | null = null;

export function lockPageScroll(): void {
  if (unlock) return;
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // clientWidth is 0 where nothing is laid out (jsdom): no scrollbar to make up for then.
  const scrollbarWidth = documentElement.clientWidth > 0 ? Math.max(0, window.innerWidth - documentElement.clientWidth) : 0;
  body.style.overflow = 'hidden';
  if (scrollbarWidth > 0) {
    const padding = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
    body.style.paddingRight = `${padding + scrollbarWidth}px`;
    documentElement.style.setProperty('--scrollbar-compensation', `${scrollbarWidth}px`);
  }
  unlock = () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
    documentElement.style.removeProperty('--scrollbar-compensation');
  };
}

export function unlockPageScroll(): void {
  unlock?.();
  unlock = null;
}

/** Keeps the page's scroll lock in step with the UI store for as long as the caller is mounted. */
export function usePageScrollLock(): void {
  useEffect(() => {
    const dispose = reaction(
      () => uiStore.isScrollLocked,
      (locked) => (locked ? lockPageScroll() : unlockPageScroll()),
      { fireImmediately: true },
    );
    return () => {
      dispose();
      unlockPageScroll();
    };
  }, []);
}
