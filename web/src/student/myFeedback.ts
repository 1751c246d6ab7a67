/**
 * Light My feedback (`/my-feedback`): the list this device remembers, drawn from templates the
 * build rendered of the app's own parts (features/my-feedback/RememberedEntry.tsx) for a stand-in
 * entry; each entry then asks for its own submission with its own token, as the app does, and is
 * drawn again with the reply or the reason it could not be read. Forget and Forget all change the
 * device's list, and the list follows it (from another tab too).
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { dateTimeFormat } from '../shared/localDate';
import { LIGHT, type MyFeedbackPart, REMEMBERED_MARKS, myFeedbackTemplateId } from '../shared/lightPageMarkers';
import {
  type RememberedFeedback,
  courseLabel,
  forgetAllFeedback,
  forgetFeedback,
  rememberedFeedback,
  subscribeToRemembered,
} from '../shared/rememberedFeedbackStore';
import { drawList, redrawKeepingFocus, replaceAttributes, replaceTexts, template } from './islands';
import { readOwnSubmission } from './api';

type EntryState = Exclude<MyFeedbackPart, 'empty' | 'list'>;
interface Answer {
  state: EntryState;
  reply?: string;
}

const slot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.myFeedback}]`);

export const isMyFeedbackPage = (root: HTMLElement) => slot(root) !== null;

/** An entry's state from the read of its submission. */
async function readOwn(token: string): Promise<Answer> {
  const read = await readOwnSubmission(token);
  if (read.state !== 'found') return { state: read.state };
  const reply = read.submission.reply?.body;
  return typeof reply === 'string' && reply ? { state: 'reply', reply } : { state: 'plain' };
}

export function setUpMyFeedback(root: HTMLElement, { signal }: { signal: AbortSignal }) {
  const answers = new Map<string, Answer>();
  let entries: RememberedFeedback[] = [];

  const part = (name: MyFeedbackPart, language: string) =>
    template(myFeedbackTemplateId(name, language)).content.cloneNode(true) as DocumentFragment;

  function entryContent(entry: RememberedFeedback, language: string, unknownCourse: string): DocumentFragment {
    const answer = answers.get(entry.token);
    const content = part(answer?.state ?? 'plain', language);
    if (!entry.excerpt) content.querySelector(`[${LIGHT.excerpt}]`)?.remove();
    const marks: [string, string][] = [
      [REMEMBERED_MARKS.course, courseLabel(entry, unknownCourse)],
      [REMEMBERED_MARKS.sentAt, dateTimeFormat(language).format(new Date(entry.sentAt))],
      [REMEMBERED_MARKS.excerpt, entry.excerpt],
      [REMEMBERED_MARKS.reply, answer?.reply ?? ''],
    ];
    replaceTexts(content, marks);
    for (const element of content.children) replaceAttributes(element, [[REMEMBERED_MARKS.token, entry.token]]);
    return content;
  }

  function draw() {
    const target = slot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language) return;
    entries = rememberedFeedback();
    if (entries.length === 0) {
      redrawKeepingFocus(target, part('empty', language));
      return;
    }
    const unknownCourse = target.getAttribute(LIGHT.myFeedback) ?? '';
    const list = part('list', language);
    drawList(list, entries, (standIn, entry) => {
      const item = standIn.cloneNode(false) as HTMLElement;
      item.append(entryContent(entry, language, unknownCourse));
      return item;
    });
    redrawKeepingFocus(target, list);
  }

  /** Each entry not asked about yet asks once; its answer draws the list again. */
  function askEach() {
    for (const { token } of entries) {
      if (answers.has(token)) continue;
      answers.set(token, { state: 'plain' });
      void readOwn(token).then((answer) => {
        answers.set(token, answer);
        draw();
      });
    }
  }

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(`[${LIGHT.forget}]`) : null;
      if (!button || !slot(root)?.contains(button)) return;
      if (button.getAttribute(LIGHT.forget) === 'all') return forgetAllFeedback();
      const item = button.closest('li');
      const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : -1;
      const entry = entries[index];
      if (entry) forgetFeedback(entry.token);
    },
    { signal },
  );
  const changed = () => {
    draw();
    askEach();
  };
  signal.addEventListener('abort', subscribeToRemembered(changed));

  changed();
  return draw;
}
