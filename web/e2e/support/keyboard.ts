// The keyboard alone, for Playwright: move with Tab (or Shift+Tab) until the focused element has
// the accessible name a screen reader would announce, check that focus is visible there, and that
// focus is never dropped on the page's body.
import { type Locator, type Page, expect } from '@playwright/test';

export interface FocusedElement {
  /** Its role, as Playwright's accessibility snapshot reads it ("button", "link", "textbox"…), or "none". */
  role: string;
  /** Its accessible name ("" when it has none). */
  name: string;
}

/** The element that has focus, as a locator. */
export const focusedElement = (page: Page): Locator => page.locator('*:focus');

/** The focused element's role and accessible name, read from Playwright's accessibility snapshot. */
export async function focused(page: Page): Promise<FocusedElement> {
  const element = focusedElement(page);
  if ((await element.count()) !== 1) return { role: 'none', name: '' };
  const snapshot = await element.ariaSnapshot({ timeout: 5_000 }).catch(() => '');
  // "- button "Send Reply"", "- textbox "Topic": what was typed", "- link "Home":"…
  let line = snapshot.split('\n')[0] ?? '';
  // YAML quotes the whole entry when the name holds ": " ("- 'button "Reply: Heaps"'").
  const wrapped = /^- '(.*?)'(?::.*)?$/.exec(line);
  if (wrapped) line = `- ${wrapped[1]!.replace(/''/g, "'")}`;
  const match = /^- ([\w-]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(line);
  if (!match) return { role: 'none', name: '' };
  const quoted = match[2] ?? '""';
  let name: string;
  try {
    name = JSON.parse(quoted) as string;
  } catch {
    name = quoted.slice(1, -1);
  }
  return { role: match[1]!, name: name.replace(/\s+/g, ' ').trim() };
}

/** Whether focus is on something other than the page itself (lost focus lands on <body>). */
export function hasFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active !== null && active !== document.body && active !== document.documentElement && active.isConnected;
  });
}

/** Focus is on an element of the page, not dropped on the body (waits for it: the app moves it after a navigation). */
export async function expectFocusKept(page: Page, after: string): Promise<void> {
  await expect.poll(() => hasFocus(page), { message: `focus was lost (on <body>) after ${after}` }).toBe(true);
}

/** The focused element shows it: it matches :focus-visible and draws an outline or ring (itself, or the card around it). */
export async function expectFocusVisible(page: Page, what: string): Promise<void> {
  const state = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing has focus';
    if (!element.matches(':focus-visible')) return 'it does not match :focus-visible';
    const drawn = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const own = getComputedStyle(element);
    if (drawn(own) || (own.boxShadow && own.boxShadow !== 'none')) return 'visible';
    // A native radio or checkbox inside its card: the card draws the ring (shared/forms/fields.tsx).
    for (let node = element.parentElement, depth = 0; node && depth < 2; node = node.parentElement, depth++) {
      if (drawn(getComputedStyle(node))) return 'visible';
    }
    return 'it draws no outline or ring';
  });
  expect(state, `focus on ${what} is not visible: ${state}`).toBe('visible');
}

export interface TabOptions {
  /** The role it must have too ("button", "link", "textbox", "combobox", "radio", "checkbox", "slider", "tab"…). */
  role?: string;
  /** Only an element inside this one counts (a card's own button among many of the same name). */
  within?: Locator;
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** How many presses before giving up. */
  max?: number;
}

const describe = (name: string | RegExp, role?: string) => `${role ?? 'element'} ${typeof name === 'string' ? `"${name}"` : name}`;

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element has the accessible name
 * `name` (exactly, or matching a RegExp), then checks that its focus is visible. Fails after `max`
 * presses, listing every element focus went through.
 */
export async function tabTo(page: Page, name: string | RegExp, options: TabOptions = {}): Promise<Locator> {
  const { role, within, backwards = false, max = 60 } = options;
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const current = await focused(page);
    path.push(`${current.role} "${current.name}"`);
    const named = typeof name === 'string' ? current.name === name : name.test(current.name);
    if (!named || (role && current.role !== role)) continue;
    if (within && !(await within.evaluate((container) => container.contains(document.activeElement)))) continue;
    await expectFocusVisible(page, describe(name, role));
    return focusedElement(page);
  }
  throw new Error(`${key} never reached the ${describe(name, role)} in ${max} presses; focus went through:\n  ${path.join('\n  ')}`);
}

/** The focused element is `name` (and `role`), e.g. where a page put focus by itself. */
export async function expectFocusOn(page: Page, name: string | RegExp, role?: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const current = await focused(page);
        const named = typeof name === 'string' ? current.name === name : name.test(current.name);
        return named && (!role || current.role === role) ? 'there' : `${current.role} "${current.name}"`;
      },
      { message: `focus should be on the ${describe(name, role)}` },
    )
    .toBe('there');
}

/**
 * Waits until focus is inside `dialog`. A dialog is visible a frame before it listens for Escape
 * (it starts listening in the frame that moves focus into it), so a keyboard user's Escape waits
 * for the focus they see, as this does.
 */
export async function expectFocusWithin(dialog: Locator): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: 'focus should move into the dialog',
    })
    .toBe(true);
}

/** Tabs to a text field and types into it, as a person would. */
export async function typeInto(page: Page, name: string, text: string, options: TabOptions = {}): Promise<void> {
  const field = await tabTo(page, name, options);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Chooses an option of the focused native <select> by keyboard: types the start of its label
 * (the browser's type-ahead), then steps with the arrow keys until the select holds `value`.
 */
export async function chooseOption(page: Page, select: Locator, value: string, typeAhead: string, max = 400): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.type(typeAhead);
  for (let presses = 0; presses < max && (await select.inputValue()) !== value; presses++) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}

/**
 * Waits for the app to have taken a prerendered page over (its header's menu button is disabled
 * until then): focus on the prerendered page would go with it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('header button[aria-controls="mobile-menu"]')).toBeEnabled();
}
