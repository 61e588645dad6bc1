/**
 * The tiny host page every remote uses when it runs alone (QA, the team's own e2e tests):
 * a banner naming the remote, the page itself, and a debug view of the shared basket store.
 */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { basketStore, uiStore } from '../stores';
import styles from './StandaloneFrame.module.css';

export const StandaloneFrame = observer(function StandaloneFrame({
  remote,
  nav,
  children,
}: {
  remote: string;
  nav?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame}>
      <header className={styles.banner}>
        <strong>Copytech · {remote} (standalone)</strong>
        {nav ? <nav aria-label="Standalone pages">{nav}</nav> : null}
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
      <aside className={styles.debug} aria-label="Basket store (debug)" data-testid="standalone-basket">
        <h2>Basket store</h2>
        <p>
          {basketStore.count} item(s) · drawer {uiStore.drawer ?? 'closed'}
          {basketStore.instantItem ? ` · instant item ${basketStore.instantItem.modelId}` : ''}
        </p>
        <ul>
          {basketStore.list.map((item) => (
            <li key={item.modelId}>
              {item.brand} {item.model} <code>{item.modelId}</code>{' '}
              <button type="button" onClick={() => basketStore.remove(item.modelId)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => basketStore.clear()} disabled={basketStore.isEmpty}>
          Clear basket
        </button>
      </aside>
    </div>
  );
});
