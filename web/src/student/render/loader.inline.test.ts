import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DISABLED_WHILE_BLANK_ATTRIBUTE,
  ENABLED_ON_LISTEN_ATTRIBUTE,
  ISLAND_ATTRIBUTE,
  ISLAND_LIVE_ATTRIBUTE,
  ISLAND_ON_USE_ATTRIBUTE,
  LOADER_GLOBAL,
  type PageLoader,
} from '../runtime/islandMarks';
import { FIRST_USE } from '../runtime/firstUse';

// The loader as a page runs it, with the build's SETUP (web/scripts/student-pages.ts), at the end
// of a page: a header island waiting for its first use, a form island, and the script naming the
// page's code (a module that counts its starts here).
const BOOT = 'data:text/javascript,globalThis.__boots=(globalThis.__boots??0)+1';
const root = document.documentElement;

async function loadPage({ atOnce = false, headerWakesWhen = '' } = {}) {
  document.body.innerHTML = `
    <div ${ISLAND_ATTRIBUTE}="shell/SiteHeader" ${ISLAND_ON_USE_ATTRIBUTE}="${headerWakesWhen}">
      <a href="/">Home</a><button type="button" disabled ${ENABLED_ON_LISTEN_ATTRIBUTE}>Menu</button>
    </div>
    <div ${ISLAND_ATTRIBUTE}="pages/x/Form" ${ISLAND_ON_USE_ATTRIBUTE}="">
      <form action="/x" method="post"><input name="topic"><button ${DISABLED_WHILE_BLANK_ATTRIBUTE}>Send</button></form>
    </div>
    <p id="outside">Text <a href="#" data-placeholder-link>Support</a></p>
    <script data-modules="${BOOT} /assets/base.js /assets/Form.island.js"${atOnce ? ' data-at-once' : ''}></script>`;
  vi.resetModules();
  await import('./loader.inline');
  return (window as unknown as Record<string, PageLoader>)[LOADER_GLOBAL]!;
}

const preloaded = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'));
const started = () => preloaded().length > 0;
const boots = () => (globalThis as { __boots?: number }).__boots ?? 0;
const fire = (target: Element, type: string) => target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

beforeEach(() => {
  (globalThis as Record<string, unknown>).SETUP = {
    signsOfUse: [...FIRST_USE, 'touchstart'],
    global: LOADER_GLOBAL,
    island: ISLAND_ATTRIBUTE,
    onUse: ISLAND_ON_USE_ATTRIBUTE,
    live: ISLAND_LIVE_ATTRIBUTE,
    enabledOnListen: ENABLED_ON_LISTEN_ATTRIBUTE,
    disabledWhileBlank: DISABLED_WHILE_BLANK_ATTRIBUTE,
    skipTarget: 'content',
    placeholderLink: 'data-placeholder-link',
  };
});

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  root.removeAttribute('data-session');
});

describe("a student page's loader", () => {
  it('fetches no code while nothing is used, and enables the controls it now keeps taps for', async () => {
    await loadPage();
    expect(started()).toBe(false);
    expect(document.querySelector('button[type=button]')).toBeEnabled();
  });

  it('starts the code at the first sign of use, its chunks all at once, and only once', async () => {
    await loadPage();
    const before = boots();
    fire(document.getElementById('outside')!, 'pointermove');
    fire(document.getElementById('outside')!, 'pointerdown');
    expect(preloaded()).toEqual(['/assets/base.js', '/assets/Form.island.js']);
    await vi.waitFor(() => expect(boots()).toBe(before + 1));
    expect(preloaded()).toHaveLength(2);
  });

  it('keeps which islands were used, and the taps on their buttons, but not a link, a form’s submit button or a live island', async () => {
    const loader = await loadPage();
    const [header, form] = document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`);
    const menu = header!.querySelector('button')!;
    fire(menu, 'focusin');
    fire(menu, 'click');
    fire(header!.querySelector('a')!, 'click');
    fire(form!.querySelector('button')!, 'click');
    expect([...loader.used]).toEqual([header, form]);
    expect(loader.taps).toEqual([menu]);

    header!.setAttribute(ISLAND_LIVE_ATTRIBUTE, '');
    fire(menu, 'click');
    expect(loader.taps).toEqual([menu]);
  });

  it('keeps a button that waits for its form disabled while the form is blank, until its island is live', async () => {
    await loadPage();
    const form = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="pages/x/Form"]`)!;
    const field = form.querySelector('input')!;
    const send = form.querySelector('button')!;
    expect(send).toBeDisabled();
    field.value = '  ';
    fire(field, 'input');
    expect(send).toBeDisabled();
    field.value = 'Recursion';
    fire(field, 'input');
    expect(send).toBeEnabled();

    form.setAttribute(ISLAND_LIVE_ATTRIBUTE, '');
    field.value = '';
    fire(field, 'input');
    expect(send).toBeEnabled();
  });

  it('keeps a click on a placeholder link where it is, before any code', async () => {
    await loadPage();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a[data-placeholder-link]')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('starts the code right after the first paint where an island runs as the page loads, not before it', async () => {
    await loadPage({ atOnce: true });
    expect(started()).toBe(false);
    await vi.waitFor(() => expect(started()).toBe(true));
  });

  it('starts the code at once in a tab that is hidden, which paints no frame', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await loadPage({ atOnce: true });
      expect(started()).toBe(true);
    } finally {
      visibility.mockRestore();
    }
  });

  it('starts the code after the first paint where the page matches what wakes an island (a session cookie for the header)', async () => {
    root.setAttribute('data-session', '');
    await loadPage({ headerWakesWhen: 'html[data-session]' });
    await vi.waitFor(() => expect(started()).toBe(true));
  });
});
