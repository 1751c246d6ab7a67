import postcss from 'postcss';
import { expect, it } from 'vitest';

const listeners = () => [...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')];

it('loading the PostCSS config leaves no process-wide handler behind that would swallow crashes', async () => {
  const before = listeners();
  await import('../postcss.config.js');
  expect(listeners()).toEqual(before);
});

it('after Panda, the stylesheet keeps only the custom properties some rule reads, and what they read', async () => {
  const { default: config } = await import('../postcss.config.js');
  const [, ...afterPanda] = config.plugins;
  // As Panda writes them: tokens on the root, semantic tokens reading tokens, and `*` giving every
  // element the filter and ring properties whether or not a rule uses them.
  const stylesheet = [
    ':where(:root,:host){--colors-gray-50:#fafafa;--colors-red-50:#fef2f2;--spacing-0\\.5:.125rem}',
    '.dark{--colors-bg:var(--colors-gray-50)}',
    '*{--ring-inset:var(--empty, );--brightness:var(--empty, );font-feature-settings:"cv11"}',
    '.bg_bg{background:var(--colors-bg)}.p_0\\.5{padding:var(--spacing-0\\.5)}',
  ].join('');
  const { css } = await postcss(afterPanda as postcss.AcceptedPlugin[]).process(stylesheet, { from: undefined });
  expect(css).toContain('--colors-gray-50:#fafafa');
  expect(css).toContain('--colors-bg:var(--colors-gray-50)');
  expect(css).toContain('--spacing-0\\.5:.125rem');
  expect(css).toContain('font-feature-settings:"cv11"');
  expect(css).not.toContain('--colors-red-50');
  expect(css).not.toContain('--ring-inset');
  expect(css).not.toContain('--brightness');
});
