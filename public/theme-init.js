// Runs before first paint (a blocking classic script; the CSP allows no inline script) so the saved
// theme and layout flags apply without a flash. Keys: docs/product.md#browser-storage.
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
})();
