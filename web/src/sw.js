// The service worker: every file of the page is cached when it is first
// installed, so the page works offline once loaded. The build writes its
// stamp into the cache name; a new build replaces the old files.
const CACHE = 'gridcsp-@BUILD@';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'board.js', 'families.js', 'loops.js',
  'gridcsp.js', 'pkg/gridcsp_wasm.js', 'pkg/gridcsp_wasm_bg.wasm'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(caches.match(event.request, { ignoreSearch: true })
    .then((hit) => hit ?? fetch(event.request)));
});
