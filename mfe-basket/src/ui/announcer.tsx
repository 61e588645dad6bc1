/**
 * One polite live region per basket fragment: submit results, removals and clears are announced
 * to screen-reader users without moving their focus.
 */
import { observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';

const state = observable({ message: '', count: 0 });

export function announce(message: string): void {
  runInAction(() => {
    state.message = message;
    state.count += 1;
  });
}

export function lastAnnouncement(): string {
  return state.message;
}

export const LiveRegion = observer(function LiveRegion() {
  // A changing key makes the same words count as new content, so a repeat is announced again.
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="basket-live-region">
      <span key={state.count}>{state.message}</span>
    </div>
  );
});
