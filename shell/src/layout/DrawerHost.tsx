import { observer } from 'mobx-react-lite';
import { RemoteSlot, uiStore } from '@copytech/shared';

export const DrawerHost = observer(function DrawerHost() {
  if (uiStore.drawer === 'basket') {
    return (
      <aside aria-label="Comparison basket">
        <RemoteSlot id="basket/BasketDrawer" props={{}} label="The comparison basket" compact />
      </aside>
    );
  }
  if (uiStore.drawer === 'instant-quote') {
    return (
      <aside aria-label="Instant quote">
        <RemoteSlot id="basket/InstantQuote" props={{}} label="The instant quote form" compact />
      </aside>
    );
  }
  return null;
});
