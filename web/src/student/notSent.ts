/**
 * Light "not sent" page of a refused form post (`/submit/not-sent`, `/class-session/not-sent`): the
 * app's own page drawn from the build's templates with the refusal the fragment holds, in the
 * page's language (the texts the build wrote beside them: the fields' labels and the server's
 * messages), and "Back to the Form" opening the form with what was typed, as the app's link does:
 * in the history entry's state, where the form finds it (shared/forms/typedAgain.ts).
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { NOT_SENT_MARKS, type NotSentPart, notSentTemplateId, type NotSentTexts } from '../shared/lightPageMarkers';
import { replaceTexts, template } from './islands';
import { backToFormLink, openOutcomePage, outcomeSlot } from './outcomePage';

const NOT_SENT_PAGE = /^\/(submit|class-session)\/not-sent\/?$/;

export const isNotSentPage = (root: HTMLElement) => NOT_SENT_PAGE.test(location.pathname) && outcomeSlot(root) !== null;

interface Refusal {
  error: string;
  code: string;
  params: Record<string, string>;
  fields: [string, string][];
  typed: Record<string, string>;
}

function refusalIn(fragment: string): Refusal {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const refusal: Refusal = { error: params.get('error') ?? '', code: params.get('code') ?? '', params: {}, fields: [], typed: {} };
  for (const [name, value] of params) {
    if (name.startsWith('e.')) refusal.fields.push([name.slice(2), value]);
    else if (name.startsWith('v.')) refusal.typed[name.slice(2)] = value;
    else if (name.startsWith('p.')) refusal.params[name.slice(2)] = value;
  }
  return refusal;
}

/** As shared/errorMessage.ts's refusalMessage says a 400: by its code's template when known, else its text. */
function refusalText(refusal: Refusal, texts: NotSentTexts): string {
  const translate = (text: string) => texts.messages[text] ?? text;
  const template = Object.hasOwn(texts.codes, refusal.code) ? texts.codes[refusal.code] : undefined;
  if (template) return translate(template).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => refusal.params[name] ?? '');
  return refusal.error ? translate(refusal.error) : texts.fallback;
}

export function setUpNotSentPage(root: HTMLElement): () => void {
  const form = NOT_SENT_PAGE.exec(location.pathname)?.[1] === 'class-session' ? 'class-session' : 'submit';
  const page = openOutcomePage(form);
  const refusal = refusalIn(page.fragment);

  function draw() {
    const target = outcomeSlot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language) return;
    const texts = JSON.parse(template(notSentTemplateId('texts', language)).dataset.texts ?? '{}') as NotSentTexts;
    const part: NotSentPart = refusal.fields.length > 0 ? 'fields' : refusal.error ? 'error' : 'plain';
    const content = template(notSentTemplateId(part, language)).content.cloneNode(true) as DocumentFragment;
    backToFormLink(content, page)?.setAttribute('href', page.backToForm);
    if (part === 'error') replaceTexts(content, [[NOT_SENT_MARKS.message, refusalText(refusal, texts)]]);
    const standIn = [...content.querySelectorAll('li')].find((item) => item.textContent?.includes(NOT_SENT_MARKS.message));
    if (part === 'fields' && standIn) {
      const items = refusal.fields.map(([field, message]) => {
        const item = standIn.cloneNode(true) as HTMLElement;
        const label = texts.labels[field];
        item.textContent = `${label ? `${label}: ` : ''}${texts.messages[message] ?? message}`;
        return item;
      });
      standIn.replaceWith(...items);
    }
    target.replaceChildren(content);
  }

  // "Back to the Form" with what was typed: a page load of the form whose history entry holds it.
  root.addEventListener('click', (event) => {
    const slot = outcomeSlot(root);
    const link = slot && backToFormLink(slot, page);
    if (!link || !(event.target instanceof Node) || !link.contains(event.target) || Object.keys(refusal.typed).length === 0) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const index = (history.state as { idx?: number } | null)?.idx ?? 0;
    history.pushState({ usr: { typed: refusal.typed }, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', page.backToForm);
    location.reload();
  });

  draw();
  return draw;
}
