// Runs before first paint (a blocking classic script; the CSP allows no inline script) so what only
// this browser knows shows without a flash on the prerendered page: the saved theme, embedded-app
// mode, whether the cookie notice is still to be shown and whether fullscreen exists here
// (docs/architecture.md#prerendered-pages). Keys: docs/product.md#browser-storage.
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
})();
