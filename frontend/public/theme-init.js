// Runs in the page's head, before its first paint. A file of its own (not inline) so the
// Content-Security-Policy can forbid inline scripts.

// Applies the theme before first paint so a dark-theme visitor never sees a light flash.
(function () {
  try {
    var stored = localStorage.getItem('sparkhouse.theme');
    var theme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.dataset.theme = theme;
  } catch {
    document.documentElement.dataset.theme = 'light';
  }
})();

// A page the API rendered comes without the app's scripts: they are named in a JSON block (id
// APP_SCRIPTS_ELEMENT_ID of contracts/src/server-render.ts) and asked for here once the page's first
// pictures have painted, so on a slow phone the page's largest paint waits neither for their download
// nor for their run. They start at once on the visitor's first input (its buttons and fields stay
// disabled until the app took the page over), and after START_AFTER_MS whatever happens.
(function () {
  var START_AFTER_MS = 3000;
  var PAINT_WAIT_MS = 500;
  var INPUTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'];
  var started = false;

  function start() {
    if (started) return;
    started = true;
    INPUTS.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    var block = document.getElementById('sparkhouse-app-scripts');
    var scripts;
    try {
      scripts = JSON.parse(block.textContent);
    } catch {
      return;
    }
    (scripts.preload || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts.entry;
    document.head.appendChild(script);
  }

  // the page's pictures that make its first paint: those asked for first (fetchpriority=high), else every eager one
  function firstPictures() {
    var root = document.getElementById('root');
    var all = root ? Array.prototype.slice.call(root.querySelectorAll('img')) : [];
    var eager = all.filter(function (img) {
      return img.getAttribute('loading') !== 'lazy' && img.getAttribute('fetchpriority') !== 'low';
    });
    var high = eager.filter(function (img) {
      return img.getAttribute('fetchpriority') === 'high';
    });
    return high.length ? high : eager;
  }

  function shown(img) {
    return new Promise(function (resolve) {
      var decoded = function () {
        (img.decode ? img.decode() : Promise.resolve()).then(resolve, resolve);
      };
      if (img.complete) decoded();
      else {
        img.addEventListener('load', decoded, { once: true });
        img.addEventListener('error', resolve, { once: true });
      }
    });
  }

  // once the page's largest paint so far (of these pictures, or of a frame after `since`) was presented:
  // where the browser reports largest paints (a frame's callbacks run before it is presented, and a
  // headless or busy one presents it later), else two frames on; a picture smaller than the page's
  // text makes no new largest paint, hence the time limit
  function afterPaint(pictures, since, then) {
    var done = false;
    var go = function () {
      if (done) return;
      done = true;
      then();
    };
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') < 0) {
      requestAnimationFrame(function () {
        requestAnimationFrame(go);
      });
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      var painted = list.getEntries().some(function (entry) {
        return !pictures.length || pictures.indexOf(entry.element) >= 0 || entry.startTime >= since;
      });
      if (!painted) return;
      observer.disconnect();
      setTimeout(go, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(go, PAINT_WAIT_MS);
  }

  function whenParsed() {
    if (!document.getElementById('sparkhouse-app-scripts')) return; // index.html's own script starts the app
    INPUTS.forEach(function (type) {
      window.addEventListener(type, start, { capture: true, passive: true });
    });
    setTimeout(start, START_AFTER_MS);
    var pictures = firstPictures();
    Promise.all(pictures.map(shown)).then(function () {
      afterPaint(pictures, performance.now(), start);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
