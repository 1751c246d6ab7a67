import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements where its `{{placeholders}}` stand (a name in bold, a link):
 * the whole sentence is one catalog entry, so each language orders its words its own way.
 * `t(key)` without values leaves the placeholders in place for this to fill.
 */
export function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{\{\s*(\w+)\s*\}\}/).map((part, index) => <Fragment key={index}>{index % 2 === 1 ? nodes[part] : part}</Fragment>);
}
