// A student page's markup in each language: #root holds one, a <template> each other
// (render/document.ts). This inline script, right after them, shows the one <html lang> names
// before first paint, and leaves `swap` for a change of language later (runtime/language.ts),
// which then also moves the hydrated islands, alive, into the new markup.
declare const SETUP: { global: string; island: string };

function swap(language: string, moveIslands: boolean): boolean {
  const root = document.getElementById('root');
  const next = document.querySelector<HTMLTemplateElement>(`template[data-language="${language}"]`);
  if (!root || !next || root.dataset.language === language) return false;
  const fresh = next.content;
  // A moved element loses focus: what had it (the language select just used, a field being typed
  // in) gets it back, with its caret.
  const active = document.activeElement as (HTMLElement & Partial<HTMLInputElement>) | null;
  const caret = active && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  if (moveIslands) {
    // An island keeps its place, state and focus: its element goes into the new markup, where that
    // language's rendering of it was, which goes into the kept markup in its stead.
    const slots = [...fresh.querySelectorAll(`[${SETUP.island}]`)].filter((slot) => !slot.parentElement?.closest(`[${SETUP.island}]`));
    const live = [...root.querySelectorAll(`[${SETUP.island}]`)].filter((island) => !island.parentElement?.closest(`[${SETUP.island}]`));
    live.forEach((island, index) => {
      const slot = slots[index];
      if (!slot) return;
      const marker = document.createComment('');
      slot.replaceWith(marker);
      island.replaceWith(slot);
      marker.replaceWith(island);
    });
  }
  const kept = document.createElement('template');
  kept.dataset.language = root.dataset.language;
  kept.dataset.title = document.title;
  kept.content.append(...root.childNodes);
  root.replaceChildren(fresh);
  root.dataset.language = language;
  document.title = next.dataset.title ?? document.title;
  next.replaceWith(kept);
  if (active && active !== document.body && active.isConnected && document.activeElement !== active) {
    active.focus({ preventScroll: true });
    if (caret) active.setSelectionRange?.(caret[0] ?? 0, caret[1] ?? 0);
  }
  return true;
}

(window as unknown as Record<string, unknown>)[SETUP.global] = swap;
swap(document.documentElement.lang, false);

// A module (its SETUP its own); the inline script is its body.
export {};
