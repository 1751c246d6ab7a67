/** A style element Emotion wrote while the build rendered a page or a part: its name is its first group. */
export const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>.*?<\/style>/gs;

/**
 * The styles of rendered markup, each once, for <head>: a page rendered in each language, and
 * templates rendered one by one, each carry their own copy of every rule they use (most of a
 * prerendered page's HTML, which the phone parses before it draws). Emotion names a rule by its
 * content, so rules of the same name are the same; they keep the order they first came in.
 */
export function hoistStyles<T extends string[]>(...pieces: T): { styles: string; markup: { [K in keyof T]: string } } {
  const styles = new Map<string, string>();
  const markup = pieces.map((html) =>
    html.replace(EMOTION_STYLE, (tag, name: string) => {
      if (!styles.has(name)) styles.set(name, tag);
      return '';
    }),
  ) as { [K in keyof T]: string };
  return { styles: [...styles.values()].join(''), markup };
}
