/* Triad's live connection to a friend: one WebRTC data channel, with no server.
 *
 * The page (triad/ui/friend/live.py) carries the offer and the answer as codes; this
 * script only holds the RTCPeerConnection. ICE is not trickled: an offer or an
 * answer is handed back once gathering is complete, so one code holds every
 * address. With `stun` false no ICE server is given and no request leaves the
 * browser (only the local network connects); with it true, the one public STUN
 * server named below (and on the page) is asked for this side's public address.
 *
 * window.triadLive:
 *   offer(stun) -> Promise<sdp>          the host's offer ("" when WebRTC fails)
 *   answer(offerSdp, stun) -> Promise<sdp>   the guest's answer to it
 *   accept(answerSdp) -> Promise<bool>   the answer taken by the side that offered
 *   wait(ms)      "timeout" is told if the channel is not open within ms
 *   send(text) -> bool, close(), qr(text) -> SVG markup (qrcode-generator)
 * and tells the page what happens as "triad-live" events, detail {kind, text}:
 * "open", "message" (text), "closed", "timeout", "gaveup" (ICE failed before the channel
 * opened, and this side cannot start over: see `connection`).
 */
(function () {
  "use strict";

  var STUN = "stun:stun.l.google.com:19302";
  var GATHER_MS = 10000; // ICE gathering waits at most this long
  var MAX_MESSAGE = 8000; // a match's whole log is well under it
  var AGAIN_MS = 2000; // an answer that gave up once starts over this often...
  var HEARD_MS = 8000; // ...or this seldom while the host answers its checks (see `again`)

  var pc = null;
  var channel = null;
  var timer = 0;

  function tell(kind, text) {
    window.dispatchEvent(new CustomEvent("triad-live", { detail: { kind: kind, text: text || "" } }));
  }

  // While an answer waits for the side that offered to open it: what it promised (the offer,
  // the DTLS certificate, the ICE user fragment and password), to start over with.
  var answered = null;

  function close() {
    clearTimeout(timer);
    timer = 0;
    answered = null;
    var old = channel, conn = pc;
    channel = pc = null;
    if (old) { try { old.close(); } catch (e) { /* closed already */ } }
    if (conn) { try { conn.close(); } catch (e) { /* closed already */ } }
  }

  function connection(stun, cert) {
    var config = { iceServers: stun ? [{ urls: STUN }] : [] };
    if (cert) config.certificates = [cert];
    var conn = new RTCPeerConnection(config);
    // Firefox stops checking for good when the other side stays silent a few seconds (its
    // media.peerconnection.ice.trickle_grace_period), as it does while its answer waits to
    // be opened by a host that is Firefox too (which answers no check before it has the
    // answer) or behind a router that drops them. The answering side then starts over,
    // keeping what its answer promised; where it cannot, "gaveup" is told at once.
    conn.oniceconnectionstatechange = function () {
      if (conn !== pc || conn.iceConnectionState !== "failed") return;
      if (channel && channel.readyState === "open") return;
      if (answered) {
        again(answered);
        return;
      }
      clearTimeout(timer);
      tell("gaveup");
    };
    conn.ondatachannel = function (event) { if (conn === pc) wire(event.channel); };
    return conn;
  }

  function open(stun, cert) {
    close();
    pc = connection(stun, cert);
    return pc;
  }

  function credential(sdp, name) {
    var found = new RegExp("^a=ice-" + name + ":(\\S+)", "m").exec(sdp);
    return found ? found[1] : "";
  }

  // The same answer again from a fresh connection: its own addresses (the host learns them
  // from its checks), the promised certificate, user fragment and password.
  async function again(was) {
    var old = pc;
    try {
      var conn = connection(was.stun, was.cert);
      pc = conn;
      try { old.close(); } catch (e) { /* closed already */ }
      await conn.setRemoteDescription({ type: "offer", sdp: was.offer });
      var made = (await conn.createAnswer()).sdp
        .replace(/^a=ice-ufrag:\S+/gm, "a=ice-ufrag:" + was.ufrag)
        .replace(/^a=ice-pwd:\S+/gm, "a=ice-pwd:" + was.pwd);
      await conn.setLocalDescription({ type: "answer", sdp: made });
      if (credential(conn.localDescription.sdp, "ufrag") !== was.ufrag) throw new Error("ufrag");
      later(conn, was, Date.now());
    } catch (e) {
      if (answered === was) {
        answered = null;
        clearTimeout(timer);
        tell("gaveup");
      }
    }
  }

  // Once it gave up, it would again after seconds of silence: it starts over sooner, so its
  // checks reach the host often, and the host (Firefox too gives up seconds after it opened
  // the answer) hears one in time. Not once the host has picked a pair (its ICE connected,
  // its DTLS begun). A host that answers checks before it opens the answer (Chromium does)
  // learns the connection's address from them, and forgets it as it opens the answer: it
  // then waits for the fresh checks of a connection started over, and takes seconds to pick
  // its pair, at times more than AGAIN_MS under load. So while the host answers its checks,
  // a connection starts over only every HEARD_MS, time enough to be picked.
  function later(conn, was, born) {
    setTimeout(async function () {
      var sctp = conn.sctp, dtls = sctp && sctp.transport ? sctp.transport.state : "new";
      var ice = conn.iceConnectionState;
      if (pc !== conn || answered !== was || !(ice === "new" || ice === "checking") || dtls !== "new") {
        return;
      }
      if (Date.now() - born < HEARD_MS && (await heard(conn))) {
        later(conn, was, born);
      } else if (pc === conn && answered === was) {
        again(was);
      }
    }, AGAIN_MS);
  }

  // Whether the other side answered one of this connection's checks.
  async function heard(conn) {
    var found = false;
    try {
      (await conn.getStats()).forEach(function (s) {
        if (s.type === "candidate-pair" && (s.state === "succeeded" || s.responsesReceived > 0)) found = true;
      });
    } catch (e) { /* (no stats: as if none was answered) */ }
    return found;
  }

  function wire(ch) {
    channel = ch;
    ch.onopen = function () {
      if (channel !== ch) return;
      clearTimeout(timer);
      answered = null;
      tell("open");
    };
    ch.onclose = function () { if (channel === ch) tell("closed"); };
    ch.onmessage = function (event) {
      if (channel === ch && typeof event.data === "string" && event.data.length <= MAX_MESSAGE) {
        tell("message", event.data);
      }
    };
  }

  function gathered(conn) {
    return new Promise(function (resolve) {
      if (conn.iceGatheringState === "complete") { resolve(); return; }
      var limit = setTimeout(resolve, GATHER_MS);
      conn.addEventListener("icegatheringstatechange", function () {
        if (conn.iceGatheringState === "complete") { clearTimeout(limit); resolve(); }
      });
    });
  }

  async function offer(stun) {
    try {
      var conn = open(!!stun);
      wire(conn.createDataChannel("triad", { ordered: true }));
      await conn.setLocalDescription(await conn.createOffer());
      await gathered(conn);
      return conn === pc ? conn.localDescription.sdp : "";
    } catch (e) {
      return "";
    }
  }

  async function certificate() {
    try {
      return await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256" });
    } catch (e) {
      return null; // (the connection's own: no starting over)
    }
  }

  async function answer(sdp, stun) {
    try {
      var cert = await certificate();
      var conn = open(!!stun, cert);
      await conn.setRemoteDescription({ type: "offer", sdp: String(sdp) });
      var made = await conn.createAnswer();
      var mine = cert ? { offer: String(sdp), stun: !!stun, cert: cert,
        ufrag: credential(made.sdp, "ufrag"), pwd: credential(made.sdp, "pwd") } : null;
      answered = mine; // (ICE may give up while the addresses are gathered)
      await conn.setLocalDescription(made);
      await gathered(conn);
      if (conn !== pc && !(mine && answered === mine)) return ""; // (closed meanwhile)
      return conn.localDescription.sdp;
    } catch (e) {
      return "";
    }
  }

  async function accept(sdp) {
    if (!pc || pc.signalingState !== "have-local-offer") return false;
    try {
      await pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
      return true;
    } catch (e) {
      return false;
    }
  }

  function wait(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      answered = null; // (no more starting over)
      if (!channel || channel.readyState !== "open") tell("timeout");
    }, ms);
  }

  function send(text) {
    if (!channel || channel.readyState !== "open") return false;
    channel.send(String(text));
    return true;
  }

  // A QR code as one SVG path (dark modules), with a quiet zone of four modules.
  function qr(text) {
    if (typeof window.qrcode !== "function") return "";
    var code = window.qrcode(0, "L");
    code.addData(String(text), "Byte");
    code.make();
    var n = code.getModuleCount(), path = "";
    for (var r = 0; r < n; r += 1) {
      for (var c = 0; c < n; c += 1) {
        if (code.isDark(r, c)) path += "M" + (c + 4) + " " + (r + 4) + "h1v1h-1z";
      }
    }
    var size = n + 8;
    return '<svg class="qr" viewBox="0 0 ' + size + " " + size + '" shape-rendering="crispEdges"' +
      ' aria-hidden="true"><rect width="' + size + '" height="' + size + '" fill="#fff"/>' +
      '<path d="' + path + '" fill="#000"/></svg>';
  }

  window.triadLive = {
    stun: STUN,
    available: typeof window.RTCPeerConnection === "function",
    offer: offer,
    answer: answer,
    accept: accept,
    wait: wait,
    send: send,
    close: close,
    qr: qr
  };
})();
