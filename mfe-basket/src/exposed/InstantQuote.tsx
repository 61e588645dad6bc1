import { observer } from 'mobx-react-lite';
import { basketStore } from '@copytech/shared';

function InstantQuote() {
  return <h2>Instant quote {basketStore.instantItem?.model}</h2>;
}
export default observer(InstantQuote);
