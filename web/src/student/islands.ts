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
