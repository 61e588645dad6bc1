import { act, renderHook } from '@testing-library/react';
import type { ListFilters } from '../api/catalogueApi';
import { useFilterForm } from './useFilterForm';

const BOUNDS = { min: 0, max: 150 };
const plain: ListFilters = { brand: [], maxPaperSize: [], q: '' };

/** The form as the list page uses it: what it reports is written to the URL, which comes back as its filters later. */
function renderForm(initial: ListFilters = plain) {
  const reported: ListFilters[] = [];
  const view = renderHook(({ url }) => useFilterForm(url, BOUNDS, (next) => reported.push(next)), { initialProps: { url: initial } });
  // A key pressed in a field: the input's new value is what it shows plus the key, as in a browser.
  const key = (field: 'q' | 'minSpeed' | 'maxSpeed', char: string) =>
    act(() => view.result.current.type(field, view.result.current.typed[field] + char));
  return { ...view, reported, key, urlArrives: (url: ListFilters) => view.rerender({ url }) };
}

describe('useFilterForm', () => {
  // From "30", Tab, To "50" typed at speed left To at "0": the URL of From's commit,
  // arriving while To was being typed, rewrote To from the URL.
  it("keeps what is typed in one field when the URL of the other field's commit arrives mid-typing", () => {
    const form = renderForm();
    form.key('minSpeed', '3');
    form.key('minSpeed', '0');
    act(() => form.result.current.commitTyped()); // Tab out of From
    expect(form.reported.at(-1)).toMatchObject({ minSpeed: 30, maxSpeed: undefined });
    form.key('maxSpeed', '5');
    form.urlArrives(form.reported.at(-1)!); // the URL catches up with From, To still being typed
    form.key('maxSpeed', '0');
    expect(form.result.current.typed).toMatchObject({ minSpeed: '30', maxSpeed: '50' });
    act(() => form.result.current.commitTyped());
    expect(form.reported.at(-1)).toMatchObject({ minSpeed: 30, maxSpeed: 50 });
  });

  it('keeps a half-typed value when a choice made meanwhile comes back through the URL', () => {
    const form = renderForm();
    form.key('q', 'C');
    form.key('q', '5');
    act(() => form.result.current.choose({ colour: 'colour' }));
    form.key('q', '8');
    form.urlArrives(form.reported.at(-1)!);
    form.key('q', '4');
    expect(form.result.current.typed.q).toBe('C584');
    expect(form.result.current.filters.colour).toBe('colour');
  });

  it('shows what the URL says when it changes from outside (Back, a link, Clear)', () => {
    const form = renderForm({ ...plain, minSpeed: 30, maxSpeed: 50 });
    form.key('maxSpeed', '5');
    form.urlArrives({ ...plain, minSpeed: 20 });
    expect(form.result.current.typed).toMatchObject({ minSpeed: '20', maxSpeed: '' });
    form.urlArrives(plain);
    expect(form.result.current.typed).toMatchObject({ minSpeed: '', maxSpeed: '' });
  });
});

describe('useFilterForm, a bound at its limit', () => {
  it('keeps the other field when a From of 0 (no filter) leaves the URL as it was', () => {
    const form = renderForm();
    form.key('minSpeed', '0');
    act(() => form.result.current.commitTyped());
    form.key('maxSpeed', '5');
    form.key('maxSpeed', '0');
    act(() => form.result.current.commitTyped());
    form.urlArrives({ ...plain, maxSpeed: 50 });
    expect(form.result.current.typed).toMatchObject({ minSpeed: '', maxSpeed: '50' });
    expect(form.reported.at(-1)).toMatchObject({ minSpeed: 0, maxSpeed: 50 });
  });
});
