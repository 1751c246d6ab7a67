// The text of a PDF that Chromium printed (page.pdf()), page by page, for tests that check what a
// printed page holds. Chromium's PDF writer (Skia) writes classic objects (no object streams),
// Flate-compressed content streams, and each font's ToUnicode CMap: enough to read it back with
// node:zlib, without a PDF library. Not a general PDF reader.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\b/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(text))) {
    const end = text.indexOf('endobj', match.index);
    const body = text.slice(match.index + match[0].length, end);
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      found.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    let dataStart = match.index + match[0].length + streamAt + 'stream'.length;
    if (text[dataStart] === '\r') dataStart++;
    if (text[dataStart] === '\n') dataStart++;
    const raw = length >= 0 ? pdf.subarray(dataStart, dataStart + length) : pdf.subarray(dataStart, text.indexOf('endstream', dataStart));
    let stream = raw;
    if (/\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(raw);
      } catch {
        stream = Buffer.alloc(0);
      }
    }
    found.set(Number(match[1]), { dict, stream });
    start.lastIndex = end;
  }
  return found;
}

/** A ToUnicode CMap: code (hex) → text, and how many bytes a code has. */
function cmap(source: string): { bytes: number; map: Map<number, string> } {
  const map = new Map<number, string>();
  const unicode = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), unicode(text!));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, first] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const base = parseInt(first!.slice(-4), 16);
      const prefix = unicode(first!.slice(0, -4));
      for (let code = parseInt(from!, 16), i = 0; code <= parseInt(to!, 16); code++, i++)
        map.set(code, prefix + String.fromCharCode(base + i));
    }
  }
  const range = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(source);
  return { bytes: range ? range[1]!.length / 2 : 2, map };
}

const ref = (dict: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

/** The text of each page, in drawing order (runs separated by spaces). */
export function pdfPages(pdf: Buffer): string[] {
  const all = objects(pdf);
  const pages = [...all.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    let resources = page.dict;
    const resourcesRef = ref(page.dict, 'Resources');
    if (resourcesRef !== undefined) resources = all.get(resourcesRef)?.dict ?? '';
    let fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fontRef = ref(resources, 'Font');
    if (!fontDict && fontRef !== undefined) fontDict = all.get(fontRef)?.dict ?? '';
    const fonts = new Map<string, ReturnType<typeof cmap>>();
    for (const [, name, num] of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const toUnicode = ref(all.get(Number(num))?.dict ?? '', 'ToUnicode');
      const stream = toUnicode !== undefined ? all.get(toUnicode)?.stream : undefined;
      if (stream) fonts.set(name!, cmap(stream.toString('latin1')));
    }
    const contentRefs = [...(/\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
    const single = ref(page.dict, 'Contents');
    if (!contentRefs.length && single !== undefined) contentRefs.push(single);
    const content = contentRefs.map((n) => all.get(n)?.stream?.toString('latin1') ?? '').join('\n');

    let font: ReturnType<typeof cmap> | undefined;
    const out: string[] = [];
    const decode = (hex: string) => {
      if (!font) return '';
      let text = '';
      const step = font.bytes * 2;
      for (let i = 0; i + step <= hex.length; i += step) text += font.map.get(parseInt(hex.slice(i, i + step), 16)) ?? '';
      return text;
    };
    const literal = (s: string) => {
      const bytes = s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
        /^[0-7]+$/.test(c) ? String.fromCharCode(parseInt(c, 8)) : c === 'n' ? '\n' : c.length === 1 && '()\\'.includes(c) ? c : ' ',
      );
      return decode([...bytes].map((ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    };
    const token = /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)|\b(BT|ET|Td|TD|Tm|T\*)\b/g;
    let m: RegExpExecArray | null;
    while ((m = token.exec(content))) {
      if (m[1]) font = fonts.get(m[1]);
      else if (m[2] !== undefined) out.push(decode(m[2]));
      else if (m[3] !== undefined) out.push(literal(m[3]));
      else out.push(' ');
    }
    return out.join('').replace(/\s+/g, ' ').trim();
  });
}
