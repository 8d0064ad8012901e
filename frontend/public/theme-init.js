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

// A visitor who leaves a rendered page before the app recorded its arrival (the app starts late, see
// above) would count in no page view and no screen event: the page carries them (JSON block id
// ARRIVAL_EVENTS_ELEMENT_ID of contracts/src/server-render.ts) and sends, when it is hidden, those the
// app has not recorded itself, as the app's analytics client would (same call, same device id, an id per event; no
// checksum: it needs an asynchronous digest a page being left may never finish, and the collector
// accepts an upload without one). Marked sent, the app records them not again (features/analytics/arrival.ts).
(function () {
  var arrivedAt = Date.now();
  var ID_KEY = 'sparkhouse.anonymousId'; // frontend/src/api/anonymous-id.ts makes and keeps it the same way
  var ID_PREFIX = 'anon_';
  var ID_SYMBOLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  var memoryId = null;

  function deviceId() {
    try {
      var stored = localStorage.getItem(ID_KEY);
      if (stored && stored.indexOf(ID_PREFIX) === 0) return stored;
    } catch {
      /* no storage: an id for this page */
    }
    if (!memoryId) {
      var bytes = crypto.getRandomValues(new Uint8Array(21));
      memoryId = ID_PREFIX;
      for (var i = 0; i < bytes.length; i++) memoryId += ID_SYMBOLS[bytes[i] & 63];
    }
    try {
      localStorage.setItem(ID_KEY, memoryId);
    } catch {
      /* kept for this page */
    }
    return memoryId;
  }

  // as the app's client (features/analytics/analytics-client.ts newInsertId): the event's own id
  function insertId() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    var id = '';
    for (var i = 0; i < bytes.length; i++) id += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return id;
  }

  function marks(block, name) {
    return (block.getAttribute(name) || '').split(' ').filter(Boolean);
  }

  function search(redact) {
    var params = new URLSearchParams(location.search);
    redact.forEach(function (name) {
      if (params.has(name)) params.set(name, 'redacted');
    });
    var text = params.toString();
    return text ? '?' + text : '';
  }

  function send() {
    var block = document.getElementById('sparkhouse-arrival');
    if (!block) return;
    var arrival;
    try {
      arrival = JSON.parse(block.textContent);
    } catch {
      return;
    }
    var done = marks(block, 'data-sent').concat(marks(block, 'data-taken'));
    var sent = marks(block, 'data-sent');
    var events = [];
    var device;
    arrival.events.forEach(function (e, i) {
      if (done.indexOf(String(i)) >= 0) return;
      var properties = e.event_properties;
      if (e.event_type === 'Page Viewed') {
        // as the app's trackPageView: path, route, search, title, referrer
        properties = { path: location.pathname, route: properties.route, search: search(arrival.redact), title: document.title };
        if (document.referrer) properties.referrer = document.referrer;
      }
      device = device || deviceId();
      events.push({
        event_type: e.event_type,
        time: arrivedAt,
        session_id: arrivedAt,
        device_id: device,
        event_properties: properties,
        insert_id: insertId(),
      });
      sent.push(String(i));
    });
    if (!events.length) return;
    block.setAttribute('data-sent', sent.join(' '));
    // the session these went out in: the app, starting later, goes on with it
    block.setAttribute('data-session', String(arrivedAt));
    var upload = { api_key: arrival.api_key, events: events, v: 2, upload_time: Date.now() };
    try {
      fetch(arrival.url, {
        method: 'POST',
        keepalive: true,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Non-Auth-User-Id': device },
        body: JSON.stringify(upload),
      }).catch(function () {});
    } catch {
      /* nothing to do on a page being left */
    }
  }

  window.addEventListener('pagehide', send);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') send();
  });
})();
