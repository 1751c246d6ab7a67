import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  afterEach(() => applyLanguage('en'));

  it('writes numbers the chosen language’s way, and a dash for none', async () => {
    expect(formatNumber(3.5)).toBe('3.5');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(null)).toBe('–');
    await applyLanguage('es');
    expect(formatNumber(3.5)).toBe('3,5');
  });
});
