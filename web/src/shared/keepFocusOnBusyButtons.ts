/**
 * A button that disables itself while its action runs (Chakra's `loading`: Send Reply, Submit
 * Story, Upvote, Me too…) makes Chromium drop focus to the body the moment it is pressed: a
 * keyboard user pressed it and lost their place, and a second Enter or Space did nothing. When such
 * a button is enabled again, still in the page, and focus has not gone anywhere else meanwhile, it
 * gets focus back. A button removed by its action (a form that closes) is left to its screen.
 */
export function keepFocusOnBusyButtons(doc: Document = document): void {
  let lost: HTMLButtonElement | null = null;
  let observer: MutationObserver | null = null;
  const forget = () => {
    observer?.disconnect();
    observer = null;
    lost = null;
  };

  doc.addEventListener('focusout', (event) => {
    const button = event.target;
    if (!(button instanceof HTMLButtonElement) || event.relatedTarget !== null) return;
    // The blur of a button being disabled comes once it is disabled (Chromium's focus fixup).
    queueMicrotask(() => {
      if (!button.disabled || (doc.activeElement !== null && doc.activeElement !== doc.body)) return;
      forget();
      lost = button;
      observer = new MutationObserver(() => {
        if (!lost || lost.disabled) return;
        const back = lost;
        forget();
        if (back.isConnected && (doc.activeElement === null || doc.activeElement === doc.body)) back.focus({ preventScroll: true });
      });
      observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
    });
  });
  // Focus went somewhere on its own (another control, a dialog): nothing to give back.
  doc.addEventListener('focusin', forget);
}
