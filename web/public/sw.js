// ClassPulse's service worker. For now it only shows reply notifications (the push handler is a
// file of its own, so a later Workbox-built worker can import it the same way).
importScripts('/reply-push-sw.js');
