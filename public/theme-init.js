// Runs before first paint (a blocking classic script; the CSP allows no inline script) so what only
// this browser knows shows without a flash on the prerendered page: the saved theme, embedded-app
// mode, whether the cookie notice is still to be shown and whether fullscreen exists here
// (docs/architecture.md#prerendered-pages). Keys: docs/product/data.md#browser-storage.
// On a prerendered page it also requests the modules that hydrate it, listed in
// <meta name="app-modules"> (entry first), once the page has painted: the paint never waits for
// them, nor for their download on a slow connection.
(function () {
  var root = document.documentElement;
  var theme = 'light';
  try {
    var settings = JSON.parse(localStorage.getItem('settings') || 'null');
    if (settings && (settings.theme === 'dark' || settings.theme === 'light'))
      theme = settings.theme;
  } catch (e) {}
  root.setAttribute('data-theme', theme);
  // Embedded-app mode: ?embedded=1 enters it and ?embedded=0 leaves it for the browser session.
  try {
    var asked = new URLSearchParams(location.search).get('embedded');
    if (asked === '1') sessionStorage.setItem('embedded', 'true');
    if (asked === '0') sessionStorage.removeItem('embedded');
    if (sessionStorage.getItem('embedded') === 'true') root.setAttribute('data-embedded', 'true');
  } catch (e) {}
  var consent = false;
  try {
    consent = JSON.parse(localStorage.getItem('cookie-consent') || 'null').consent === true;
  } catch (e) {}
  if (!consent) root.setAttribute('data-cookie-notice', 'open');
  if (!document.fullscreenEnabled) root.setAttribute('data-fullscreen', 'off');

  function loadModules() {
    var list = document.querySelector('meta[name="app-modules"]');
    if (!list) return;
    list.content.split(' ').forEach(function (src, index) {
      var tag = document.createElement(index === 0 ? 'script' : 'link');
      if (index === 0) {
        tag.type = 'module';
        tag.src = src;
      } else {
        tag.rel = 'modulepreload';
        tag.href = src;
      }
      tag.crossOrigin = '';
      document.head.appendChild(tag);
    });
  }
  // After the first paint as the browser reports it (the frame is on screen, not only drawn). A
  // hidden tab paints nothing, and a browser without paint timing cannot say: both load the modules
  // once the document is parsed.
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'hidden' && paints && paints.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      setTimeout(loadModules, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    document.addEventListener('DOMContentLoaded', loadModules);
  }
})();
