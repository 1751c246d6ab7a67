import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateOnFirstUse } from './firstUse';
import { ENABLED_ON_LISTEN_ATTRIBUTE } from './islandMarks';
import { wakeAllIslands } from './pendingIslands';

function island(): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = `<a href="/">Home</a><button disabled ${ENABLED_ON_LISTEN_ATTRIBUTE}>Menu</button><select><option>en</option></select>`;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-remembered');
});

describe('an island hydrated on first use', () => {
  it('waits, its Menu enabled, until a tap inside it; then hydrates once, before the tap reaches its target', () => {
    const element = island();
    const button = element.querySelector('button')!;
    const order: string[] = [];
    const hydrate = vi.fn(() => void order.push('hydrated'));
    button.addEventListener('pointerdown', () => order.push('button heard the tap'));
    hydrateOnFirstUse(element, '', hydrate);
    expect(button.disabled).toBe(false);
    expect(hydrate).not.toHaveBeenCalled();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('click', { bubbles: true }));
    expect(order).toEqual(['hydrated', 'button heard the tap']);
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it('hydrates on a focus, a key or a change of value inside it (a select set by a script, with no focus)', () => {
    for (const event of ['focusin', 'keydown', 'input', 'change']) {
      const element = island();
      const hydrate = vi.fn();
      hydrateOnFirstUse(element, '', hydrate);
      element.querySelector('select')!.dispatchEvent(new Event(event, { bubbles: true }));
      expect(hydrate, event).toHaveBeenCalledOnce();
    }
  });

  it('does not hydrate for a plain link, which works without it', () => {
    const element = island();
    const hydrate = vi.fn();
    hydrateOnFirstUse(element, '', hydrate);
    const link = element.querySelector('a')!;
    for (const event of ['pointerdown', 'focusin', 'keydown']) link.dispatchEvent(new Event(event, { bubbles: true }));
    link.addEventListener('click', (event) => event.preventDefault());
    link.dispatchEvent(new Event('click', { bubbles: true, cancelable: true }));
    expect(hydrate).not.toHaveBeenCalled();
  });

  it('hydrates at once when the page matches its selector, and as soon as the page comes to match it', async () => {
    document.documentElement.setAttribute('data-remembered', '');
    const atOnce = vi.fn();
    hydrateOnFirstUse(island(), 'html[data-remembered]', atOnce);
    expect(atOnce).toHaveBeenCalledOnce();

    document.documentElement.removeAttribute('data-remembered');
    const later = vi.fn();
    hydrateOnFirstUse(island(), 'html[data-remembered]', later);
    expect(later).not.toHaveBeenCalled();
    document.documentElement.setAttribute('data-remembered', '');
    await vi.waitFor(() => expect(later).toHaveBeenCalledOnce());
  });

  it('hydrates when every waiting island is woken (a change of language), and only once', () => {
    const element = island();
    const hydrate = vi.fn();
    hydrateOnFirstUse(element, '', hydrate);
    wakeAllIslands();
    element.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    wakeAllIslands();
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
