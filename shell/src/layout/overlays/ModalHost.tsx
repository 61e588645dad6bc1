/**
 * The modal overlay (docs/product-rules.md "Drawers, modal and scrolling"): shows uiStore.modal.
 * Opening it adds a history entry with the hash '#modal', so the browser's Back button closes it;
 * Escape, the close button and a click on the overlay close it and step back past that entry. Any
 * room opens it with uiStore.openModal({ title, contentId, data }); contentId picks what it shows
 * (MODAL_CONTENT in ./ModalDialog).
 *
 * The dialog itself is not in the first load: its chunk is fetched when a modal opens, and the
 * dialog shows as soon as it is there. The '#modal' history entry is kept here, from the start.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { uiStore, type ModalContent } from '@copytech/shared';
import { lazyPart, useLazyPart } from '../lazyPart';
import { OverlayLoadFailure } from './OverlayLoadFailure';

export const MODAL_HASH = '#modal';

function urlWithoutHash(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Keeps the URL and the modal in step: '#modal' is pushed when it opens; leaving that entry
 * (Back) closes it; closing it otherwise steps back off the entry it pushed.
 */
function useModalHistory(): void {
  useEffect(() => {
    // A reload or a shared link can land on '#modal' with no modal to show: drop the hash.
    if (window.location.hash === MODAL_HASH && !uiStore.isModalOpen) {
      window.history.replaceState(window.history.state, '', urlWithoutHash());
    }
    let pushedEntry = false;

    const disposeReaction = reaction(
      () => uiStore.isModalOpen,
      (open) => {
        if (open) {
          if (window.location.hash !== MODAL_HASH) {
            // Same state as the current entry, so the router sees no navigation.
            window.history.pushState(window.history.state, '', `${urlWithoutHash()}${MODAL_HASH}`);
            pushedEntry = true;
          }
        } else if (pushedEntry && window.location.hash === MODAL_HASH) {
          pushedEntry = false;
          window.history.back();
        } else {
          pushedEntry = false;
        }
      },
      { fireImmediately: true },
    );

    const onHistoryChange = () => {
      if (window.location.hash !== MODAL_HASH && uiStore.isModalOpen) {
        pushedEntry = false;
        uiStore.closeModal();
      }
    };
    window.addEventListener('popstate', onHistoryChange);
    window.addEventListener('hashchange', onHistoryChange);
    return () => {
      disposeReaction();
      window.removeEventListener('popstate', onHistoryChange);
      window.removeEventListener('hashchange', onHistoryChange);
    };
  }, []);
}

export const modalPart = lazyPart(() => import(/* webpackChunkName: "modal" */ './ModalDialog'));

function LazyModalDialog({ modal }: { modal: ModalContent }) {
  const part = useLazyPart(modalPart, 'The modal');
  if (part.failed) return <OverlayLoadFailure label={modal.title} state={part} onClose={() => uiStore.closeModal()} />;
  if (!part.module) return null;
  const { ModalDialog } = part.module;
  return <ModalDialog modal={modal} />;
}

export const ModalHost = observer(function ModalHost() {
  useModalHistory();
  // Following a link out of the modal to another page closes it.
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (uiStore.isModalOpen) uiStore.closeModal();
  }, [pathname]);

  const modal = uiStore.modal;
  // Keyed by content, so switching content is a fresh dialog with its own focus.
  return modal ? <LazyModalDialog key={`${modal.contentId}:${modal.title}`} modal={modal} /> : null;
});
