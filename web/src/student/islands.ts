/**
 * Drawing from a light page's templates (docs/decisions/light-student-pages.md): the build rendered
 * each part for a stand-in whose texts are marks; a copy gets the real values, always as text or an
 * attribute's value, never as markup.
 */

export function template(id: string): HTMLTemplateElement {
  const found = document.getElementById(id);
  if (!(found instanceof HTMLTemplateElement)) throw new Error(`the page has no template ${id}`);
  return found;
}

export const replaceMark = (text: string, mark: string | number, value: string) => text.split(String(mark)).join(value);

/** The first list of a template's copy, drawn once per item from its stand-in entry (`<li>`). */
export function drawList<T>(part: DocumentFragment, items: readonly T[], drawItem: (standIn: HTMLElement, item: T) => HTMLElement) {
  const list = part.querySelector('ul');
  const standIn = list?.querySelector('li');
  if (!list || !standIn) throw new Error('the template has no list with an entry');
  list.replaceChildren(...items.map((item) => drawItem(standIn, item)));
}

/** Replaces the stand-in's marks in every text of `node`. */
export function replaceTexts(node: Node, marks: [string | number, string][]) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    let value = text.nodeValue ?? '';
    for (const [mark, real] of marks) value = replaceMark(value, mark, real);
    if (value !== text.nodeValue) text.nodeValue = value;
  }
}

/** Replaces the stand-in's marks in every attribute of `element` and of the elements in it. */
export function replaceAttributes(element: Element, marks: [string | number, string][]) {
  for (const each of [element, ...element.querySelectorAll('*')]) {
    for (const { name, value } of [...each.attributes]) {
      let replaced = value;
      for (const [mark, real] of marks) replaced = replaceMark(replaced, mark, real);
      if (replaced !== value) each.setAttribute(name, replaced);
    }
  }
}

/** Where `element` sits under `container`: the index of each ancestor among its siblings. */
function pathWithin(container: Element, element: Element): number[] | undefined {
  const path: number[] = [];
  for (let node: Element | null = element; node !== container; node = node.parentElement) {
    if (!node?.parentElement) return undefined;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

const follow = (from: Element, path: readonly number[]) => path.reduce<Element | undefined>((node, index) => node?.children[index], from);

/** The elements of `entry` like `element`: the same tag and text (an entry's "Open" link, its "Forget" button). */
const alike = (entry: Element, element: Element) =>
  [...entry.querySelectorAll(element.tagName)].filter((each) => each.textContent === element.textContent);

/**
 * Replaces what `target` shows, and a keyboard user's focus inside it stays where it was: on the
 * same element of the same entry (`<li>`) in the new markup. An entry drawn again once its read
 * answers, with a reply above its links, would otherwise drop focus on the page's body.
 */
export function redrawKeepingFocus(target: Element, content: Node) {
  const focused = document.activeElement;
  const inside = focused !== null && focused !== target && target.contains(focused);
  const item = inside ? focused.closest('li') : null;
  const entry = inside ? (item && target.contains(item) ? item : target) : undefined;
  const entryPath = entry ? pathWithin(target, entry) : undefined;
  const which = focused && entry ? alike(entry, focused).indexOf(focused) : -1;
  target.replaceChildren(content);
  if (!focused || !entryPath || which < 0) return;
  const again = follow(target, entryPath);
  const element = again ? alike(again, focused)[which] : undefined;
  if (element instanceof HTMLElement) element.focus({ preventScroll: true });
}
