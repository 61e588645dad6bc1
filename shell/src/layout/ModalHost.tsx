/**
 * The modal overlay (SPEC.md section 4): shows uiStore.modal. Opening it adds a history entry
 * with the hash '#modal', so the browser's Back button closes it; Escape, the close button and a
 * click on the overlay close it and step back past that entry. Any room opens it with
 * uiStore.openModal({ title, contentId, data }); contentId picks what it shows.
 */
import { useEffect, useId, useRef, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { uiStore, type ModalContent } from '@copytech/shared';
import { placeholderImageUrl } from '@copytech/shared/domain';
import { useDialogFocus } from './useDialogFocus';
import { CloseIcon } from './icons';
import styles from './ModalHost.module.css';

export const MODAL_HASH = '#modal';

/** A plain message: data.text, one paragraph per line. */
function MessageContent({ data }: { data?: Record<string, unknown> }) {
  const text = typeof data?.text === 'string' ? data.text : '';
  return (
    <>
      {text
        .split('\n')
        .filter((line) => line.trim())
        .map((line, index) => (
          <p key={index}>{line}</p>
        ))}
    </>
  );
}

/**
 * An enlarged image: data.src (a site image under /assets/) and data.alt. Used by the catalogue's
 * gallery, so an enlarged product photo gets the modal's '#modal' history entry: Back closes it.
 */
function ImageContent({ data }: { data?: Record<string, unknown> }) {
  const src = typeof data?.src === 'string' && data.src.startsWith('/assets/') ? data.src : placeholderImageUrl('x810');
  const alt = typeof data?.alt === 'string' ? data.alt : '';
  return (
    <img
      className={styles.image}
      src={src}
      alt={alt}
      onError={(event) => {
        const fallback = placeholderImageUrl('x810');
        if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
      }}
    />
  );
}

/** What each contentId shows. Unknown ids fall back to the message view. */
export const MODAL_CONTENT: Record<string, ComponentType<{ data?: Record<string, unknown> }>> = {
  message: MessageContent,
  image: ImageContent,
};

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

function ModalDialog({ modal }: { modal: ModalContent }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}-title`;
  const close = () => uiStore.closeModal();
  useDialogFocus(dialogRef, close);
  const Content = MODAL_CONTENT[modal.contentId] ?? MessageContent;

  return (
    <div className={styles.root}>
      <div className={styles.overlay} onClick={close} aria-hidden="true" data-testid="modal-overlay" />
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.dialog} data-content={modal.contentId}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {modal.title}
          </h2>
          <button type="button" className={styles.close} onClick={close} aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>
          <Content data={modal.data} />
        </div>
      </div>
    </div>
  );
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
  return modal ? <ModalDialog key={`${modal.contentId}:${modal.title}`} modal={modal} /> : null;
});
