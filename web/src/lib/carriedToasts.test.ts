// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { carryToasts, takeCarriedToasts } from './carriedToasts';

describe('carried toasts', () => {
  beforeEach(() => sessionStorage.clear());

  it('are taken once, in order', () => {
    carryToasts([
      { type: 'success', title: 'Account deleted', description: 'Your account and the courses you owned were deleted' },
      { type: 'info', title: 'Second' },
    ]);
    expect(takeCarriedToasts()).toEqual([
      { type: 'success', title: 'Account deleted', description: 'Your account and the courses you owned were deleted' },
      { type: 'info', title: 'Second' },
    ]);
    expect(takeCarriedToasts()).toEqual([]);
  });

  it('drop what is not a toast, and survive what is not JSON', () => {
    sessionStorage.setItem(
      'classpulse.carried-toasts',
      JSON.stringify([
        { type: 'loud', title: 'x' },
        { type: 'error', title: 3 },
        { type: 'error', title: 'Kept' },
      ]),
    );
    expect(takeCarriedToasts()).toEqual([{ type: 'error', title: 'Kept' }]);
    sessionStorage.setItem('classpulse.carried-toasts', '{not json');
    expect(takeCarriedToasts()).toEqual([]);
  });
});
