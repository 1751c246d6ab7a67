// The after-class summary e-mail and the unsubscribe pages, in the recipient's language (the account's
// `language`: "es", else English), as the auth e-mails are (docs/decisions/i18n.md).
import { escapeHtml } from '../_shared/html.ts';

export interface Summary {
  courseId: string;
  courseCode: string;
  courseName: string;
  sessionId: string;
  sessionDate: string;
  topic: string | null;
  responses: number;
  minimum: number;
  reachedMinimum: boolean;
  meanClarity: number | null;
  meanConfidence: number | null;
  courseMeanClarity: number | null;
  courseMeanConfidence: number | null;
  alarm: boolean;
  alarmAt: string | null;
  confusions: { text: string; students: number }[];
}

export type Language = 'en' | 'es';

const WORDS = {
  en: {
    subject: (code: string, date: string) => `After class: ${code}, ${date}`,
    heading: (code: string, date: string) => `${code}, class of ${date}`,
    responses: (n: number) => (n === 1 ? '1 response' : `${n} responses`),
    clarity: 'Mean clarity (1–7)',
    confidence: 'Mean confidence (0–100)',
    course: 'course average',
    none: 'no answers',
    confusions: 'Most shared confusions',
    students: (n: number) => (n === 1 ? '1 student' : `${n} students`),
    belowMinimum: (min: number) => `Fewer than ${min} responses: what students wrote is not summarised here (small-class protection).`,
    noConfusions: 'Nobody wrote what was unclear.',
    alarm: 'The confusion alarm went off during this class.',
    noAlarm: 'The confusion alarm did not go off.',
    live: 'Open the live view',
    report: 'Open the report',
    why: 'You receive this because you asked for "E-mail me a summary after each class" for this course.',
    unsubscribe: 'Unsubscribe',
  },
  es: {
    subject: (code: string, date: string) => `Después de clase: ${code}, ${date}`,
    heading: (code: string, date: string) => `${code}, clase del ${date}`,
    responses: (n: number) => (n === 1 ? '1 respuesta' : `${n} respuestas`),
    clarity: 'Claridad media (1–7)',
    confidence: 'Confianza media (0–100)',
    course: 'media del curso',
    none: 'sin respuestas',
    confusions: 'Dudas más compartidas',
    students: (n: number) => (n === 1 ? '1 estudiante' : `${n} estudiantes`),
    belowMinimum: (min: number) =>
      `Menos de ${min} respuestas: lo que escribieron los estudiantes no se resume aquí (protección de clases pequeñas).`,
    noConfusions: 'Nadie escribió qué no quedó claro.',
    alarm: 'La alarma de confusión se activó durante esta clase.',
    noAlarm: 'La alarma de confusión no se activó.',
    live: 'Abrir la vista en vivo',
    report: 'Abrir el informe',
    why: 'Recibes esto porque pediste «Enviarme un resumen por correo después de cada clase» para este curso.',
    unsubscribe: 'Darse de baja',
  },
} as const;

const mean = (value: number | null, course: number | null, w: (typeof WORDS)[Language]) =>
  `${value === null ? w.none : value} (${w.course}: ${course === null ? w.none : course})`;

export function summaryMail(s: Summary, language: Language, site: string, unsubscribeUrl: string) {
  const w = WORDS[language];
  const live = `${site}/professor/live/${s.courseId}`;
  const report = `${site}/professor/courses/${s.courseId}/report`;
  const unsubscribe = `${unsubscribeUrl}&lang=${language}`;
  const heading = w.heading(s.courseCode, s.sessionDate) + (s.topic ? ` — ${s.topic}` : '');
  const confusionLines = !s.reachedMinimum
    ? [w.belowMinimum(s.minimum)]
    : s.confusions.length
      ? s.confusions.map((c) => `• ${c.text} (${w.students(c.students)})`)
      : [w.noConfusions];
  const text = [
    heading,
    '',
    w.responses(s.responses),
    `${w.clarity}: ${mean(s.meanClarity, s.courseMeanClarity, w)}`,
    `${w.confidence}: ${mean(s.meanConfidence, s.courseMeanConfidence, w)}`,
    s.alarm ? w.alarm : w.noAlarm,
    '',
    `${w.confusions}:`,
    ...confusionLines,
    '',
    `${w.live}: ${live}`,
    `${w.report}: ${report}`,
    '',
    w.why,
    `${w.unsubscribe}: ${unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body>
<h2>${escapeHtml(heading)}</h2>
<p><strong>${escapeHtml(w.responses(s.responses))}</strong></p>
<ul><li>${w.clarity}: ${escapeHtml(mean(s.meanClarity, s.courseMeanClarity, w))}</li>
<li>${w.confidence}: ${escapeHtml(mean(s.meanConfidence, s.courseMeanConfidence, w))}</li></ul>
<p>${s.alarm ? `<strong>${w.alarm}</strong>` : w.noAlarm}</p>
<h3>${w.confusions}</h3>
${
  s.reachedMinimum && s.confusions.length
    ? `<ol>${s.confusions.map((c) => `<li>${escapeHtml(c.text)} (${w.students(c.students)})</li>`).join('')}</ol>`
    : `<p>${escapeHtml(confusionLines[0]!)}</p>`
}
<p><a href="${escapeHtml(live)}">${w.live}</a> · <a href="${escapeHtml(report)}">${w.report}</a></p>
<p style="color:#666;font-size:small">${escapeHtml(w.why)} <a href="${escapeHtml(unsubscribe)}">${w.unsubscribe}</a></p>
</body></html>`;
  return { subject: w.subject(s.courseCode, s.sessionDate), text, html };
}

const PAGES = {
  en: {
    title: 'After-class summaries',
    confirm: 'Stop receiving the after-class summary e-mails of this course?',
    button: 'Unsubscribe',
    done: (code: string) => `You will no longer receive after-class summaries of ${code}. You can turn them on again in ClassPulse.`,
    invalid: 'This unsubscribe link is not valid.',
  },
  es: {
    title: 'Resúmenes después de clase',
    confirm: '¿Dejar de recibir los resúmenes por correo después de cada clase de este curso?',
    button: 'Darse de baja',
    done: (code: string) => `Ya no recibirás resúmenes después de clase de ${code}. Puedes volver a activarlos en ClassPulse.`,
    invalid: 'Este enlace para darse de baja no es válido.',
  },
} as const;

export function unsubscribePage(state: 'confirm' | 'done' | 'invalid', language: Language, token?: string, courseCode?: string): string {
  const w = PAGES[language];
  const body =
    state === 'confirm'
      ? `<p>${w.confirm}</p><form method="post" action="?token=${encodeURIComponent(token ?? '')}&amp;lang=${language}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${w.button}</button></form>`
      : `<p>${escapeHtml(state === 'done' ? w.done(courseCode ?? '') : w.invalid)}</p>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${w.title}</title></head><body style="font:16px system-ui,sans-serif;margin:2rem"><h1>${w.title}</h1>${body}</body></html>`;
}
