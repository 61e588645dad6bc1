/**
 * The cookie banner (docs/product-rules.md "Tracking, cookies and consent"): shown until the
 * visitor chooses, and again when they reopen the choice (the footer's Cookie settings). Accept
 * and Reject have equal weight; Settings offers a choice per purpose (analytics, marketing;
 * essential storage is always on and says why). Accept stores 'accept' under
 * 'cookie-acceptance-status'; Reject stores 'reject'; a choice from Settings 'custom' with the
 * purposes (UiStore, ../../tracking.ts applies them). Fixed to the bottom of the window, so it never
 * moves the page, and not modal: the page stays reachable.
 *
 * First in the tab order, without taking focus: App renders it before the skip link (as GOV.UK's
 * cookie banner is placed), so the first Tab of a keyboard user reaches Accept while the choice is
 * open, and the skip link comes next; placed after the skip link, "Skip to main content" would jump
 * over it. Small: at 375 x 667 px it takes at most a third of the window (Accept and Reject side by
 * side, Settings and the policy link under them), and only the settings, when asked for, make it taller.
 *
 * While it shows, its height is published as --cookie-banner-height: the page keeps that much
 * room at its end and scrolls whatever takes focus above the banner (WCAG 2.4.11, focus not
 * obscured), so nothing a keyboard user reaches is hidden behind it.
 *
 * Focus: opening the settings moves focus to the first choice; closing the banner returns focus to
 * what opened the settings (the footer's button), or else to the main content, never to nowhere.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { uiStore, useHydrated, type ConsentChoice, type UiStore } from '@copytech/shared';
import { COOKIE_POLICY_HREF } from '../navigation';
import styles from './CookieBanner.module.css';

export const BANNER_HEIGHT_PROPERTY = '--cookie-banner-height';

/** Publishes the element's height on the root element for as long as it is mounted. */
function usePublishedHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [ref]);
}

const PURPOSES: ReadonlyArray<{ id: keyof ConsentChoice; label: string; text: string }> = [
  {
    id: 'analytics',
    label: 'Analytics',
    text: 'Anonymous events (a machine added to the basket, a form sent: ids and counts, never your details) for our analytics, to see what helps buyers.',
  },
  {
    id: 'marketing',
    label: 'Marketing',
    text: 'Our marketing-automation service’s script and cookies, and the campaign link that brought you, to link your visits to a newsletter or enquiry.',
  },
];

function Settings({ choice, onChange }: { choice: ConsentChoice; onChange: (choice: ConsentChoice) => void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset className={styles.settings}>
      <legend className={styles.legend}>Choose what we may use</legend>
      <div className={styles.purposes}>
        <div className={styles.purpose}>
          <p className={styles.purposeLabel}>
            <strong>Essential</strong> <span className={styles.always}>Always on</span>
          </p>
          <p className={styles.purposeText} id={`${id}-essential`}>
            Your comparison basket, your savings checker answers during the visit and this choice. The site cannot work without them; they
            track nothing.
          </p>
        </div>
        {PURPOSES.map((purpose, index) => (
          <div className={styles.purpose} key={purpose.id}>
            <p className={styles.purposeLabel}>
              <input
                ref={index === 0 ? first : undefined}
                className={styles.checkbox}
                type="checkbox"
                id={`${id}-${purpose.id}`}
                checked={choice[purpose.id]}
                aria-describedby={`${id}-${purpose.id}-text`}
                onChange={(event) => onChange({ ...choice, [purpose.id]: event.target.checked })}
              />
              <label htmlFor={`${id}-${purpose.id}`}>{purpose.label}</label>
            </p>
            <p className={styles.purposeText} id={`${id}-${purpose.id}-text`}>
              {purpose.text}
            </p>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Where focus goes when the banner closes: the element that opened the settings, else the main content. */
function useFocusReturn(ui: UiStore): (fallback: boolean) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (ui.cookieSettingsOpen && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [ui.cookieSettingsOpen]);
  return (fallback) => {
    const target = opener.current?.isConnected ? opener.current : fallback ? document.getElementById('main') : null;
    // after the banner has gone from the page
    requestAnimationFrame(() => target?.focus());
  };
}

const Banner = observer(function Banner({ ui }: { ui: UiStore }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref);
  const settingsOpen = ui.cookieSettingsOpen;
  const [choice, setChoice] = useState<ConsentChoice>(() => ui.consent ?? { analytics: false, marketing: false });
  const returnFocus = useFocusReturn(ui);

  const decide = (apply: () => void) => {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    apply();
    returnFocus(hadFocus);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes reopened settings; a first choice cannot be skipped this way (the banner stays).
    if (event.key === 'Escape' && settingsOpen && ui.consent !== null) decide(() => ui.closeCookieSettings());
  };

  return (
    <div ref={ref} className={styles.banner} role="region" aria-label="Cookie consent" data-testid="cookie-banner" onKeyDown={onKeyDown}>
      <div className={styles.inner}>
        <p className={styles.text}>
          Your browser keeps your comparison basket and this choice. May we also use analytics and marketing cookies? You can change your
          mind with Cookie settings at the foot of every page.
        </p>
        {settingsOpen ? <Settings choice={choice} onChange={setChoice} /> : null}
        {/* The choice before the policy link, so the first Tab into the banner reaches Accept. */}
        <div className={styles.actions}>
          <button type="button" className={styles.choice} onClick={() => decide(() => ui.acceptCookies())}>
            Accept cookies
          </button>
          <button type="button" className={styles.choice} onClick={() => decide(() => ui.rejectCookies())}>
            Reject cookies
          </button>
          {settingsOpen ? (
            <button type="button" className={styles.secondary} onClick={() => decide(() => ui.chooseCookies(choice))}>
              Save my choices
            </button>
          ) : (
            <button type="button" className={styles.secondary} onClick={() => ui.openCookieSettings()}>
              Settings
            </button>
          )}
          <Link className={styles.policy} to={COOKIE_POLICY_HREF}>
            Our cookie policy
          </Link>
        </div>
      </div>
    </div>
  );
});

export const CookieBanner = observer(function CookieBanner({ ui = uiStore }: { ui?: UiStore }) {
  // The visitor's choice is in their browser: the server never renders the banner; it appears
  // after hydration when no choice is stored, or when the visitor reopens it.
  const hydrated = useHydrated();
  return hydrated && ui.showCookieBanner ? <Banner ui={ui} /> : null;
});
