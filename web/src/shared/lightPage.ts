import { createContext, useContext } from 'react';

/**
 * True while the build prerenders a light student page (docs/performance.md, "Light student
 * pages"): a page the phone never hands to the app. Its header is drawn signed out, with what
 * depends on the device (the menu, "My feedback") in the HTML but hidden, for the page's small
 * script (web/src/student/) to show.
 */
export const LightPageContext = createContext(false);

export const useLightPage = () => useContext(LightPageContext);

export { LIGHT } from './lightPageMarkers';
