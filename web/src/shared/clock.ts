import { createContext, useContext } from 'react';

/**
 * The clock a page reads "today" from: the device's, except where the build renders a page for a
 * day of its choosing (the course page for a class day and for a day without class,
 * web/src/prerender-course.tsx).
 */
export const ClockContext = createContext<() => Date>(() => new Date());

export const useNow = (): Date => useContext(ClockContext)();
