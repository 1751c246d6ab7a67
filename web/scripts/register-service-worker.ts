// Every page's registration of the service worker (web/service-worker/sw.ts): the app's HTML and the student pages'.
export const SERVICE_WORKER_URL = '/sw.js';

/** What each page runs: after `load`, when the browser is idle (or 5 s later), never before the page is drawn. */
export const REGISTER_SERVICE_WORKER =
  `if('serviceWorker' in navigator)addEventListener('load',()=>{const register=()=>navigator.serviceWorker.register('${SERVICE_WORKER_URL}').catch(()=>{});` +
  `'requestIdleCallback' in window?requestIdleCallback(register,{timeout:5000}):setTimeout(register,1000)})`;
