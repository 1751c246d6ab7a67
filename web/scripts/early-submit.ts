/**
 * The inline script of the feedback form pages' head (docs/decisions/forms-before-the-app.md, "A form that works before
 * the app"). Where scripts run but the app has not taken the page over yet, a tap on "Submit" (or
 * on a form the browser would call incomplete) is kept for the app: the form is marked
 * `data-submit-pending`, and the app submits it as soon as it has taken over
 * (web/src/app/takeover.ts), with its own validation, saved-on-the-phone state and idempotency key.
 * If the app's code fails to load (`APP_FAILED_EVENT`, sent by the page's loader) or has not taken
 * over within `APP_WAIT_MS`, the browser posts the form itself, after its own checks. A second tap
 * meanwhile changes nothing. The post always waits a task: while the browser fires `invalid` or
 * `submit`, it ignores a `requestSubmit()` of the same form. Without scripts none of this runs and the form simply posts.
 */
import { APP_FAILED_ATTRIBUTE, APP_FAILED_EVENT, SUBMIT_PENDING_ATTRIBUTE } from '../src/app/prerendered.ts';

const APP_WAIT_MS = 10_000;

const source = `{
const native=new WeakSet();
const post=(f)=>{if(!f.isConnected||!f.hasAttribute('${SUBMIT_PENDING_ATTRIBUTE}'))return;f.removeAttribute('${SUBMIT_PENDING_ATTRIBUTE}');native.add(f);f.requestSubmit()};
const failed=()=>document.documentElement.hasAttribute('${APP_FAILED_ATTRIBUTE}');
const keep=(f)=>{if(f.hasAttribute('${SUBMIT_PENDING_ATTRIBUTE}'))return;f.setAttribute('${SUBMIT_PENDING_ATTRIBUTE}','');setTimeout(()=>post(f),failed()?0:${APP_WAIT_MS})};
const ours=(f)=>f&&f.hasAttribute('action');
addEventListener('invalid',(e)=>{const f=e.target.form;if(ours(f)&&!native.has(f)){e.preventDefault();keep(f)}},true);
addEventListener('submit',(e)=>{const f=e.target;if(!ours(f))return;if(native.has(f)){native.delete(f);if(f.dataset.posting)e.preventDefault();f.dataset.posting='1';return}e.preventDefault();keep(f)});
addEventListener('${APP_FAILED_EVENT}',()=>{for(const f of document.querySelectorAll('form[${SUBMIT_PENDING_ATTRIBUTE}]'))post(f)});
addEventListener('pageshow',()=>{for(const f of document.querySelectorAll('form[data-posting]'))delete f.dataset.posting});
}`;

/** The script, minus the line breaks that keep it readable here. */
export const earlySubmitScript = `<script>${source.replace(/\n/g, '')}</script>`;

/** What the page's loader runs when the app's code cannot be loaded. */
export const appFailedHandler = `()=>{document.documentElement.setAttribute('${APP_FAILED_ATTRIBUTE}','');dispatchEvent(new Event('${APP_FAILED_EVENT}'))}`;
