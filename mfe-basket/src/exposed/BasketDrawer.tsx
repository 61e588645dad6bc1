import { observer } from 'mobx-react-lite';
import { basketStore } from '@copytech/shared';

function BasketDrawer() {
  return (
    <section aria-label="Basket">
      <h2>Comparison basket</h2>
      <p>{basketStore.count} item(s)</p>
    </section>
  );
}
export default observer(BasketDrawer);
