/* Triad's boot script: the first thing the page runs, before any Python.
 *
 * It owns what must work before (or without) Python: the loading screen, the
 * message shown when the page is opened from disk, the storage check for
 * embedded iframes that deny storage, the service worker that makes the game
 * play offline, and the engine worker (Pyodide running the rules engine and the
 * CPU). The page itself is MicroPython code started by PyScript (triad/ui/page/main.py).
 */
(function () {
  "use strict";

  var html = document.documentElement;

  function $(id) { return document.getElementById(id); }

  // --- The words shown before Python runs, in the player's language: the one chosen in
  // the settings (triad/ui/page/settings.py), else the browser's. ---
  var WORDS = {
    en: {
      tagline: "A card game of Houses and banners",
      catchTagline: "The map game",
      friendTagline: "Your friend's link: the match opens as soon as the game is loaded",
      loading: "Loading the game…",
      catchLoading: "Loading the map game…",
      started: "Dealing the cards…",
      catchStarted: "Drawing the map…",
      bar: "Loading",
      failed: "The game could not load its files. Check your connection and reload the page.",
      fromDisk: [
        "This page was opened straight from a file, and browsers do not let a game like this one load its parts from files on disk.",
        "Serve the folder instead: in a terminal, in this folder, run",
        "then open http://127.0.0.1:8000/ in your browser. (From the game's source: python3 build.py serve.)",
        "Once it has been opened over http, it keeps working offline."
      ],
      storage: "Your browser blocks storage for this embedded game: it will not work offline, and settings last for this visit only.",
      ok: "OK",
      otherTab: "This match is open in another tab of this browser: your friend's move is shown there. You can close this tab.",
      closeTab: "Close this tab",
      update: "A new version of Triad is ready.",
      reload: "Reload"
    },
    fr: {
      tagline: "Un jeu de cartes de Maisons et de bannières",
      catchTagline: "Le jeu de la carte",
      friendTagline: "Le lien de votre ami : la partie s'ouvre dès que le jeu est chargé",
      loading: "Chargement du jeu…",
      catchLoading: "Chargement du jeu de la carte…",
      started: "Distribution des cartes…",
      catchStarted: "Tracé de la carte…",
      bar: "Chargement",
      failed: "Le jeu n'a pas pu charger ses fichiers. Vérifiez votre connexion, puis rechargez la page.",
      fromDisk: [
        "Cette page a été ouverte directement depuis un fichier, et les navigateurs ne laissent pas un jeu comme celui-ci charger ses parties depuis le disque.",
        "Servez plutôt le dossier : dans un terminal, dans ce dossier, lancez",
        "puis ouvrez http://127.0.0.1:8000/ dans votre navigateur. (Depuis les sources du jeu : python3 build.py serve.)",
        "Une fois ouvert par http, il fonctionne aussi hors ligne."
      ],
      storage: "Votre navigateur bloque le stockage pour ce jeu intégré : il ne fonctionnera pas hors ligne, et les réglages ne durent que le temps de cette visite.",
      ok: "OK",
      otherTab: "Cette partie est ouverte dans un autre onglet de ce navigateur : le coup de votre ami s'y affiche. Vous pouvez fermer cet onglet.",
      closeTab: "Fermer cet onglet",
      update: "Une nouvelle version de Triad est prête.",
      reload: "Recharger"
    }
  };

  function bootLanguage() {
    var code = "";
    try {
      var saved = JSON.parse(window.localStorage.getItem("triad.settings") || "null");
      if (saved && typeof saved.lang === "string") code = saved.lang;
    } catch (e) { /* no storage, or settings the page will explain: the browser's language */ }
    if (!code) code = navigator.language || "en";
    return /^fr\b/i.test(code) ? "fr" : "en";
  }

  var lang = bootLanguage();
  var words = WORDS[lang];
  var catchPage = html.dataset.page === "catch";

  // The loading screen in that language (its markup is in English).
  function translateLoading() {
    var box = $("loading");
    if (!box) return;
    box.setAttribute("lang", lang);
    var tagline = box.querySelector("[data-text=tagline]");
    // (a friend's link says so from the first frame, not the game's tagline)
    var friendLink = !catchPage && /^#friend=/.test(location.hash);
    if (tagline) tagline.textContent = catchPage ? words.catchTagline : friendLink ? words.friendTagline : words.tagline;
    var bar = box.querySelector(".bar");
    if (bar) bar.setAttribute("aria-label", words.bar);
    if ($("loading-text")) $("loading-text").textContent = catchPage ? words.catchLoading : words.loading;
  }

  function showProgress(fraction, message) {
    var bar = document.querySelector("#loading .bar");
    if (bar) {
      var pct = Math.max(4, Math.min(100, Math.round(fraction * 100)));
      bar.firstElementChild.style.width = pct + "%";
      bar.setAttribute("aria-valuenow", String(pct));
    }
    if (message && $("loading-text")) $("loading-text").textContent = message;
  }

  function notice(text, action) {
    // (a message of another tab can come before the parser has reached the box)
    if (document.readyState === "loading") {
      whenDocumentReady(function () { notice(text, action); });
      return;
    }
    var box = $("boot-notice");
    if (!box) return;
    box.firstElementChild.textContent = text;
    var old = box.querySelector("button");
    if (old) old.remove();
    if (action) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      if (action.name) button.setAttribute("data-action", action.name);
      button.addEventListener("click", action.run);
      box.appendChild(button);
    }
    box.hidden = false;
  }

  function whenDocumentReady(run) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }

  // --- Opened straight from disk: browsers refuse what Python needs there. ---
  if (location.protocol === "file:") {
    html.classList.add("file-protocol");
    whenDocumentReady(function () {
      var box = $("loading");
      box.innerHTML = "";
      box.setAttribute("lang", lang);
      var title = document.createElement("h1");
      title.textContent = "TRIAD";
      var lines = words.fromDisk.slice(0, 2).concat(["python3 -m http.server 8000"], words.fromDisk.slice(2));
      box.appendChild(title);
      lines.forEach(function (line, i) {
        var p = document.createElement("p");
        if (i === 2) {
          var code = document.createElement("code");
          code.textContent = line;
          p.appendChild(code);
        } else {
          p.textContent = line;
        }
        box.appendChild(p);
      });
      box.setAttribute("data-error", "file-protocol");
    });
    return;
  }

  // --- Storage: denied in some embedded iframes (third-party storage blocked). ---
  var storageOk = false;
  try {
    var key = "triad:probe";
    window.localStorage.setItem(key, "1");
    window.localStorage.removeItem(key);
    storageOk = true;
  } catch (e) {
    storageOk = false;
  }
  html.dataset.storage = storageOk ? "ok" : "denied";
  if (!storageOk) {
    // PyScript opens an IndexedDB database as it loads (for its optional file
    // system feature, unused here); where storage is denied that open fails and
    // PyScript re-dispatches the failure as an uncaught error. An open request
    // that stays pending is what a browser shows while it asks the user, so
    // IndexedDB is replaced by one that never answers: nothing here needs it.
    try {
      Object.defineProperty(window, "indexedDB", {
        configurable: true,
        value: { open: function () { return { readyState: "pending", result: undefined, error: null }; } }
      });
    } catch (e) { /* the browser would not let it be replaced: its errors are harmless */ }
    whenDocumentReady(function () {
      notice(words.storage, {
        label: words.ok, name: "dismiss-notice", run: function () { $("boot-notice").hidden = true; }
      });
    });
  }

  // --- Offline: a service worker caches the whole game on the first visit. ---
  // A visit after the first is served from its cache (triad/ui/page/main.py reads data-warm).
  var offlineOk = storageOk && "serviceWorker" in navigator;
  html.dataset.warm = offlineOk && navigator.serviceWorker.controller ? "1" : "0";
  // When the workers' downloads (Pyodide, 5 MB) may begin: on a first visit once MicroPython
  // has started (or the page has drawn its first screen), so that the player sees the game
  // sooner: the page's own downloads (MicroPython and the page's code, 1 MB) and its start
  // do not share the line and the cores with the engine's. At once on a visit after the
  // first. Nothing waits for the service worker: fetched before it controls the page, the
  // engine's files stay in the browser's HTTP cache, which its fill revalidates (a 304,
  // not a second download).
  var drawn = new Promise(function (resolve) {
    if (html.dataset.warm === "1" || !html.classList.contains("booting")) { resolve(); return; }
    document.addEventListener("mpy:ready", function () { resolve(); }, { capture: true, once: true });
    new MutationObserver(function (changes, observer) {
      if (html.classList.contains("booting")) return;
      observer.disconnect();
      resolve();
    }).observe(html, { attributes: true, attributeFilter: ["class"] });
    setTimeout(resolve, 8000); // a page slow to draw does not hold the engine back
  });
  // A worker that reads its calls through the service worker (see blockingChannel) waits
  // for it to control the page, or for it to fail.
  var controlledFailed = function () {};
  var controlled = new Promise(function (resolve) {
    if (!offlineOk || navigator.serviceWorker.controller) { resolve(); return; }
    navigator.serviceWorker.addEventListener("controllerchange", function () { resolve(); });
    setTimeout(resolve, 5000); // a worker slow to install does not hold the game back
    controlledFailed = resolve;
  });
  // {open, promise}: open once the promise has settled.
  function gate(promise) {
    var g = { open: false };
    g.promise = promise.then(function () { g.open = true; });
    return g;
  }
  var workersStart = gate(drawn);
  var blockingStart = gate(Promise.all([drawn, controlled]));

  // Once the engine is up and the page waits for the player, the service worker fetches
  // the files of the game nothing has asked for yet (the rest of the offline cache).
  function fillWhenIdle() {
    if (!offlineOk) return;
    var idleSince = 0;
    var timer = setInterval(function () {
      var engine = window.triadEngine;
      var up = html.dataset.engine === "none" || (engine && engine.state !== "loading");
      if (!up || !html.classList.contains("ready")) { idleSince = 0; return; }
      if (!idleSince) { idleSince = Date.now(); return; }
      if (Date.now() - idleSince < 1500) return;
      clearInterval(timer);
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.active) reg.active.postMessage("fill");
      });
    }, 500);
  }

  function registerServiceWorker() {
    if (!offlineOk) return;
    var sw = navigator.serviceWorker;
    var hadController = !!sw.controller;
    var reloading = false;
    sw.addEventListener("controllerchange", function () {
      if (hadController && !reloading) {
        reloading = true;
        location.reload();
      }
    });
    function offerUpdate(worker) {
      // A new version is fully cached; switching now would mix old and new files in
      // this page, so it takes over at a reload, at once if the game has just started.
      if (!hadController) return;
      var apply = function () { worker.postMessage("skip-waiting"); };
      if (html.dataset.fresh === "1") { apply(); return; }
      notice(words.update, { label: words.reload, name: "update", run: apply });
    }
    sw.register("./sw.js", { scope: "./", updateViaCache: "none" }).then(function (reg) {
      if (reg.waiting) offerUpdate(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offerUpdate(worker);
        });
      });
    }).catch(function (err) {
      controlledFailed();
      console.warn("Triad: offline play is not available here:", err && err.message ? err.message : err);
    });
    fillWhenIdle();
  }
  // The page counts as fresh (safe to update in place) until the player first touches it.
  html.dataset.fresh = "1";
  ["pointerdown", "keydown"].forEach(function (type) {
    window.addEventListener(type, function () { html.dataset.fresh = "0"; }, { capture: true, once: true });
  });

  // --- Python workers: Pyodide in a worker, a module's functions called by name. ---
  // window.triadEngine runs triad.worker.engine (the rules engine and the CPU); the
  // page may start more with window.triadStartWorker(module), and end one with
  // its terminate() (a program that overruns its time is stopped that way).
  // Their output comes as the window event "triad-worker-output" {module, stream, text}.
  //
  // A worker started with {blocking: true} runs a program that reads its input with a
  // blocking call (a bot, where the browser lacks JSPI to suspend it): its calls go
  // through a sync-message channel (npm, vendored) that the worker reads synchronously,
  // SharedArrayBuffer and Atomics.wait when the page is cross-origin isolated, otherwise
  // a synchronous request that the service worker holds until the page writes the call.

  // How a bot written by the player can wait for its input here: "jspi" (suspended by
  // WebAssembly JSPI), "atomics" or "service-worker" (blocking), or "" (no way yet).
  function botSupport() {
    if (typeof WebAssembly === "object" && typeof WebAssembly.Suspending === "function") return "jspi";
    if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") return "atomics";
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return "service-worker";
    return "";
  }

  function blockingChannel() {
    return import("./runtime/sync-message/sync-message.js").then(function () {
      var sm = self.syncMessage;
      var scope = new URL("./", location.href).href;
      // Room for the largest call: a bot's code (up to 200,000 characters) as JSON.
      var channel = botSupport() === "atomics" ? sm.makeAtomicsChannel({ bufferSize: 2 * 1024 * 1024 })
        : sm.makeServiceWorkerChannel({ scope: scope, timeout: 10000 });
      return { channel: channel, key: sm.uuidv4() };
    });
  }

  function startWorker(module, options) {
    var blocking = !!(options && options.blocking);
    var channel = null;
    var written = 0;
    var listeners = {};
    var nextId = 1;
    var pending = {};
    var engine = {
      state: "loading",
      progress: 0,
      message: "Loading the engine",
      ready: null,
      module: module,
      terminate: function () {
        stopped = true;
        if (worker) worker.terminate();
        engine.state = "failed";
        engine.message = "stopped";
        Object.keys(pending).forEach(function (id) {
          pending[id].reject(new Error("the worker was stopped"));
          delete pending[id];
        });
        rejectReady(new Error("the worker was stopped"));
        emit();
      },
      call: function (name) {
        var args = Array.prototype.slice.call(arguments, 1);
        var id = nextId++;
        return new Promise(function (resolve, reject) {
          pending[id] = { resolve: resolve, reject: reject };
          if (!blocking) {
            send({ id: id, name: name, args: args });
            return;
          }
          // Numbered in the order of the calls: the worker reads them in that order.
          var messageId = written++;
          channel.then(function (c) {
            return self.syncMessage.writeMessage(c.channel, { id: id, name: name, args: args }, c.key + ":" + messageId);
          }).catch(function (error) {
            delete pending[id];
            reject(error);
          });
        });
      }
    };
    var resolveReady, rejectReady;
    engine.ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
    engine.ready.catch(function () {});
    function emit() {
      window.dispatchEvent(new CustomEvent("triad-engine", {
        detail: { module: module, state: engine.state, progress: engine.progress, message: engine.message,
          loaded: engine.loaded, total: engine.total }
      }));
    }
    // Started once MicroPython has started (see `workersStart`); what the page sends it
    // meanwhile waits.
    var worker = null;
    var stopped = false;
    var queue = [];
    function send(message) {
      if (worker) worker.postMessage(message);
      else queue.push(message);
    }
    if (blocking) {
      channel = blockingChannel();
      channel.then(function (c) { send({ type: "channel", channel: c.channel, key: c.key }); },
        function (error) { rejectReady(error); });
    }
    function spawn() {
      if (stopped) return;
      // The worker's name carries the module (and "blocking"): see engine-worker.js.
      worker = new Worker("./engine-worker.js", { type: "module", name: module + (blocking ? " blocking" : "") });
      listen(worker);
      queue.splice(0).forEach(function (message) { worker.postMessage(message); });
    }
    // At once when nothing is awaited (a visit after the first): the page's code may rely on
    // the worker being under way when this returns.
    var start = blocking ? blockingStart : workersStart;
    if (start.open) spawn();
    else start.promise.then(spawn);
    function listen(worker) {
      worker.addEventListener("message", function (event) {
        var data = event.data;
        if (data.type === "result") {
          var p = pending[data.id];
          delete pending[data.id];
          if (!p) return;
          if ("error" in data) p.reject(new Error(data.error));
          else p.resolve(data.value);
        } else if (data.type === "output") {
          // What the worker's Python writes, as it is written (a program's console, say).
          window.dispatchEvent(new CustomEvent("triad-worker-output", {
            detail: { module: module, stream: data.stream, text: data.text }
          }));
          console.debug("[" + module + "] " + data.text);
        } else if (data.type === "progress") {
          engine.progress = data.progress;
          engine.message = data.message;
          engine.loaded = data.loaded || 0; // bytes of the download come, of their total
          engine.total = data.total || 0;
          emit();
        } else if (data.type === "ready") {
          engine.state = "ready";
          engine.started = data.started || ""; // how Python started (engine-worker.js)
          engine.progress = 1;
          engine.message = "Engine ready";
          emit();
          resolveReady(engine);
        } else if (data.type === "failed") {
          engine.state = "failed";
          engine.message = data.message;
          console.error("Triad: the engine could not start: " + data.message);
          emit();
          rejectReady(new Error(data.message));
        }
      });
      worker.addEventListener("error", function (event) {
        engine.state = "failed";
        engine.message = event.message || "the engine worker failed";
        emit();
        rejectReady(new Error(engine.message));
      });
    }
    return engine;
  }

  // --- The page: PyScript with MicroPython on the main thread. ---
  /* {{GUNZIP}} */

  // MicroPython's wasm ships gzipped (build.py's GZIPPED_PAGE), as Pyodide's do: its
  // fetch, by MicroPython's module script, gets it unpacked (434 KB come as 192 KB). The
  // head preloads the gzipped file, so it is on its way before the script asks.
  var nativeFetch = window.fetch.bind(window);
  var gzippedPage = { "runtime/micropython/micropython.wasm": "application/wasm" };
  window.fetch = function (resource, init) {
    var url = String(resource instanceof Request ? resource.url : resource).split(/[?#]/)[0];
    var base = new URL("./", location.href).href;
    var name = url.indexOf(base) === 0 ? url.slice(base.length) : "";
    if (!(name in gzippedPage) || (init && init.method && init.method !== "GET")) return nativeFetch(resource, init);
    return nativeFetch(url + ".gz", init).then(function (response) {
      if (!response.ok) return response;
      return gunzipped(response.body).then(function (body) {
        return new Response(body, { headers: { "Content-Type": gzippedPage[name] } });
      });
    });
  };

  // Live play's scripts (the WebRTC channel, the QR codes of its invites): 60 KB the title
  // does not wait for. Asked for once MicroPython is up; the page awaits the promise before
  // it makes or reads a live code. A script that fails leaves `triadLive` unset, which the
  // page says as "live play is not possible in this browser".
  var liveScripts = null;
  function loadLive() {
    if (!liveScripts) {
      liveScripts = ["./runtime/qrcode-generator/qrcode.js", "./assets/js/live.js"].reduce(function (chain, src) {
        return chain.then(function () {
          return new Promise(function (resolve) {
            var script = document.createElement("script");
            script.src = src;
            script.onload = script.onerror = function () { resolve(); };
            document.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    }
    return liveScripts;
  }

  // A gzipped file beside the page, unpacked (a Response to read); an HTTP error rejects.
  function fetchGunzipped(url) {
    return nativeFetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return gunzipped(response.body);
    }).then(function (body) {
      return new Response(body);
    });
  }

  // The card art the page draws, gzipped beside it (build.py's ART_SPRITE: 267 KB come as
  // 118 KB), put in place of its empty sprite before PyScript starts: the symbols are part
  // of the page, as if written in it. The head preloads it.
  function loadArt() {
    var slot = document.querySelector("svg[data-art-sprite]");
    if (!slot) return Promise.resolve();
    return fetchGunzipped("./assets/art/card-art.svg.gz").then(function (unpacked) {
      return unpacked.text();
    }).then(function (markup) {
      slot.outerHTML = markup;
    }).catch(function (err) {
      console.warn("Triad: the card art could not load:", err && err.message ? err.message : err);
    });
  }

  // The page's Python files and words: one gzipped JSON {path: text} beside the page
  // (build.py), named by the page's MicroPython script (data-files). The head preloads it.
  function loadPageFiles() {
    var script = document.querySelector('script[type="mpy"][data-files]');
    if (!script) return Promise.resolve({});
    return fetchGunzipped(script.getAttribute("data-files")).then(function (unpacked) {
      return unpacked.json();
    });
  }

  // PyScript: its modules bundled into one, gzipped (build.py's PYSCRIPT_BUNDLE), imported
  // once unpacked. The head preloads it.
  function fetchPyScript() {
    return fetchGunzipped("./runtime/pyscript/pyscript.js.gz").then(function (unpacked) {
      return unpacked.blob();
    });
  }

  function importPyScript(code) {
    var module = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    return import(module).finally(function () { URL.revokeObjectURL(module); });
  }

  // ... written into MicroPython's files once it is up, before the page's code runs
  // (PyScript's onReady hook: assets/boot/pyscript.js), where the code imports them from.
  function writePageFiles(files) {
    return function (wrap) {
      var fs = wrap.interpreter.FS;
      Object.keys(files).forEach(function (path) {
        var folder = path.slice(0, path.lastIndexOf("/"));
        if (folder) fs.mkdirTree(folder);
        var data = files[path];
        // A module compiled when the game was built (NAME.mpy): its bytes, in base64.
        if (path.slice(-4) === ".mpy") {
          data = Uint8Array.from(atob(data), function (c) { return c.charCodeAt(0); });
        }
        fs.writeFile(path, data);
      });
      files = {};
    };
  }

  function startPage() {
    translateLoading();
    showProgress(0.15);
    document.addEventListener("mpy:ready", function () {
      showProgress(0.6, catchPage ? words.catchStarted : words.started);
      if (!catchPage) loadLive();
    }, true);
    Promise.all([loadPageFiles(), fetchPyScript(), loadArt()]).then(function (got) {
      self.triadOnReady = writePageFiles(got[0]);
      return importPyScript(got[1]);
    }).catch(function (err) {
      console.error("Triad: the page could not load:", err && err.message ? err.message : err);
      showProgress(1, words.failed);
    });
  }

  // --- One tab per friend match: a friend's link opened here while the match runs in
  // another tab of this browser goes to that tab (triad/ui/friend/tabs.py), which shows the move
  // at once and answers "taken"; this tab then says so, and does not open the match. ---
  function friendTabs() {
    var channel = null;
    try { channel = new BroadcastChannel("triad.friend"); } catch (e) { return; }
    window.triadFriendChannel = channel;
    var mine = /^#friend=/.test(location.hash) ? decodeURIComponent(location.hash.slice(8)) : "";
    channel.onmessage = function (event) {
      var text = String(event.data || "");
      var kind = text.slice(0, text.indexOf(":")), code = text.slice(text.indexOf(":") + 1);
      if (kind === "taken" && mine && code === mine) {
        window.triadFriendTaken = code;
        notice(words.otherTab, { label: words.closeTab, run: function () { window.close(); } });
      }
      window.dispatchEvent(new CustomEvent("triad-friend-tab", { detail: { kind: kind, code: code } }));
    };
    if (mine) channel.postMessage("link:" + mine);
  }
  if (!catchPage) friendTabs();

  window.triadStartWorker = startWorker;
  window.triadLoadLive = loadLive;
  window.triadBotSupport = botSupport;
  // A page that runs no card game (data-engine="none" on <html>) starts its own workers.
  if (html.dataset.engine !== "none") window.triadEngine = startWorker("triad.worker.engine");
  whenDocumentReady(startPage);
  registerServiceWorker();
})();
