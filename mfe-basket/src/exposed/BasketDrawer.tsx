/**
 * basket/BasketDrawer: the contents of the shell's basket drawer (the shell gives the frame,
 * overlay, Escape and focus trap). Three views, switched through the remote's drawerView:
 * Basket (items and comparison), QuoteDetails (the form) and Confirmation.
 */
import { useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { BasketDrawerProps } from '@copytech/shared';
import { drawerView } from '../basket/drawerView';
import { BasketView } from '../basket/BasketView';
import { ConfirmationView, QuoteDetailsView } from '../quote/QuoteDetailsView';
import { LiveRegion } from '../ui/announcer';
import { useFocusHeadingOnChange } from '../ui/useFocusHeadingOnChange';
import styles from './fragment.module.css';

function BasketDrawer(_props: BasketDrawerProps) {
  const container = useRef<HTMLDivElement>(null);
  const { view } = drawerView;
  useFocusHeadingOnChange(container, view);

  return (
    <div ref={container} className={styles.fragment} data-team="basket" data-view={view}>
      {view === 'Confirmation' ? <ConfirmationView /> : view === 'QuoteDetails' ? <QuoteDetailsView /> : <BasketView />}
      <LiveRegion />
    </div>
  );
}

export default observer(BasketDrawer);
