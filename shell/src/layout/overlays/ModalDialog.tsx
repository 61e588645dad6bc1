/**
 * The modal dialog and what it can show (see ModalHost): its own chunk, fetched when a modal opens,
 * so the first load of every page does not carry it.
 */
import { useId, useRef, type ComponentType } from 'react';
import { uiStore, type ModalContent } from '@copytech/shared';
import { placeholderImageUrl } from '@copytech/shared/domain';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { CloseIcon } from './CloseIcon';
import styles from './ModalDialog.module.css';

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

export function ModalDialog({ modal }: { modal: ModalContent }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}-title`;
  const close = () => uiStore.closeModal();
  useDialogFocus(dialogRef, close);
  const Content = MODAL_CONTENT[modal.contentId] ?? MessageContent;

  return (
    <div className={styles.root}>
      <div className={styles.overlay} onClick={close} aria-hidden="true" data-testid="modal-overlay" />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.dialog}
        data-content={modal.contentId}
      >
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
