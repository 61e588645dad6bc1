/**
 * The header's search box as a typeahead: the WAI-ARIA 1.2 combobox pattern (an editable combobox
 * with a listbox popup, docs/product-rules.md "Site search"). The shell renders the box and its
 * form, which work without JavaScript; this takes the shell's own input over in place (what was
 * typed, the caret and the focus stay), gives it its combobox role and states, and shows the
 * suggestions under it: machines (thumbnail, brand and model, class, starting price ex VAT), then
 * lists and pages, then "See all results for …".
 *
 * Keys: Down and Up move through the options (and open the list), Home and End go to the first
 * and last option once one is highlighted, Enter opens the highlighted option (with none, the
 * form is sent: the search page), Escape closes the list and a second Escape clears the box. The
 * result count is announced politely. Focus never leaves the box (aria-activedescendant). The
 * form is sent in place (the search page without a page load). A failure inside shows nothing and
 * gives the box back as it was: the plain form goes on working.
 */
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SiteSearchProps } from '@copytech/shared';
import { SEARCH_PATH, productPath, readSearchQuery, searchPagePath, type Product, type SearchPageHit } from '@copytech/shared/domain';
import { foundWords } from './searchAnswer';
import { SUGGEST_MIN_LENGTH, useSuggestions, type Suggestions } from './useSuggestions';
import { SuggestionList, type Option } from './SuggestionList';

/** Lists and pages shown under the machines (the search page shows them all). */
const PAGES_SHOWN = 3;

function optionsOf(suggestions: Suggestions): Option[] {
  const { answer, failed, query } = suggestions;
  const shown = answer && !failed;
  const machines: Option[] = shown
    ? answer.products.results.map((product: Product) => ({ kind: 'machine', path: productPath(product), product }))
    : [];
  const pages: Option[] = shown
    ? answer.pages.slice(0, PAGES_SHOWN).map((hit: SearchPageHit) => ({ kind: 'page', path: hit.path, hit }))
    : [];
  return [...machines, ...pages, { kind: 'all', path: searchPagePath(query), query }];
}

function announcementOf(suggestions: Suggestions): string {
  if (suggestions.failed) return 'Suggestions could not be loaded. Press Enter to search.';
  if (!suggestions.current || !suggestions.answer) return '';
  const { products, pages } = suggestions.answer;
  const found = foundWords(products.count, Math.min(pages.length, PAGES_SHOWN));
  return products.count + pages.length === 0 ? 'No suggestions. Press Enter to search anyway.' : `${found}.`;
}

const ATTRIBUTES = ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'] as const;

/** Shows nothing instead of a typeahead that throws, so the header's plain form goes on working. */
class Quietly extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('[catalogue] search suggestions failed:', error.message);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export default function SiteSearch(props: SiteSearchProps) {
  return (
    <Quietly>
      <Typeahead {...props} />
    </Quietly>
  );
}

function Typeahead({ input, idPrefix }: SiteSearchProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(() => input.value);
  const [open, setOpen] = useState(() => input.ownerDocument.activeElement === input);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text);
  const options = useMemo(() => optionsOf(suggestions), [suggestions]);
  const expanded = open && suggestions.query.length >= SUGGEST_MIN_LENGTH;
  const listboxId = `${idPrefix}-listbox`;
  const optionId = (index: number) => `${idPrefix}-option-${index}`;
  const announcement = expanded ? announcementOf(suggestions) : '';

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
  };
  const latest = useRef({ options, active, expanded, go });
  latest.current = { options, active, expanded, go };

  useComboboxStates(input, listboxId, expanded, expanded && active >= 0 && active < options.length ? optionId(active) : null);

  useEffect(() => {
    const onInput = () => {
      setText(input.value);
      setActive(-1);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    const onKeyDown = (event: KeyboardEvent) => onComboboxKey(event, input, latest.current, { setOpen, setActive, setText });
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const query = readSearchQuery(input.value);
      latest.current.go(query ? searchPagePath(query) : SEARCH_PATH);
    };
    const { form } = input;
    form?.addEventListener('submit', onSubmit);
    input.addEventListener('input', onInput);
    input.addEventListener('focus', onFocus);
    input.addEventListener('blur', onBlur);
    input.addEventListener('keydown', onKeyDown);
    // A key pressed after the first render read the box and before these listeners were on changed
    // it unheard: read it again now that they are (React skips the update when nothing changed).
    setText(input.value);
    return () => {
      form?.removeEventListener('submit', onSubmit);
      input.removeEventListener('input', onInput);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('keydown', onKeyDown);
    };
  }, [input]);

  return (
    <SuggestionList
      listboxId={listboxId}
      optionId={optionId}
      idPrefix={idPrefix}
      expanded={expanded}
      options={options}
      active={active}
      busy={suggestions.pending}
      announcement={announcement}
      onChoose={(index) => go(options[index]!.path)}
      onHover={setActive}
    />
  );
}

/**
 * The input's combobox role and states, given while the typeahead is mounted and taken back after;
 * the highlighted option is kept in view.
 */
function useComboboxStates(input: HTMLInputElement, listboxId: string, expanded: boolean, activeId: string | null): void {
  useEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listboxId);
    return () => ATTRIBUTES.forEach((name) => input.removeAttribute(name));
  }, [input, listboxId]);
  useEffect(() => {
    input.setAttribute('aria-expanded', String(expanded));
    if (activeId) {
      input.setAttribute('aria-activedescendant', activeId);
      input.ownerDocument.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }, [input, expanded, activeId]);
}

interface KeyState {
  options: Option[];
  active: number;
  expanded: boolean;
  go: (path: string) => void;
}
interface KeySetters {
  setOpen: (open: boolean) => void;
  setActive: (active: number) => void;
  setText: (text: string) => void;
}

/** The combobox's keys (the APG's editable combobox with list autocomplete). */
function onComboboxKey(event: KeyboardEvent, input: HTMLInputElement, state: KeyState, set: KeySetters): void {
  const { options, active, expanded } = state;
  const last = options.length - 1;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      set.setOpen(true);
      if (!expanded) set.setActive(down ? 0 : last);
      else if (down) set.setActive(active >= last ? 0 : active + 1);
      else set.setActive(active <= 0 ? last : active - 1);
      return;
    }
    case 'Home':
    case 'End':
      if (!expanded || active < 0) return;
      event.preventDefault();
      set.setActive(event.key === 'Home' ? 0 : last);
      return;
    case 'Enter':
      if (!expanded || active < 0 || !options[active]) {
        set.setOpen(false); // the form is sent: the search page
        return;
      }
      event.preventDefault();
      state.go(options[active].path);
      return;
    case 'Escape':
      event.preventDefault();
      if (expanded) {
        set.setOpen(false);
        set.setActive(-1);
      } else {
        input.value = '';
        set.setText('');
      }
      return;
    case 'Tab':
      set.setOpen(false);
      return;
  }
}
