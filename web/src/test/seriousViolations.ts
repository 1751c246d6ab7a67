import type { Result } from 'axe-core';

/**
 * The serious and critical axe-core violations, each as "rule: targets": what an accessibility
 * check fails on (docs/product.md, "Quality bar"), in the browser specs (web/e2e/a11y.ts) and in
 * component tests (./axe.ts) alike.
 */
export function seriousViolations(violations: Result[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
