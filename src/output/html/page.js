"use strict";
// qipu's replay page: every ply is drawn already; this only shows the SVG items of the ply
// and sets its texts (textContent only). Its SHA-256 is in the page's Content-Security-Policy.
(function () {
  var games = [];
  var current = null;

  function byClass(root, name) {
    return root.getElementsByClassName(name)[0] || null;
  }

  function setup(sec) {
    var el = byClass(sec, "game-data");
    if (!el) return;
    var d;
    try {
      d = JSON.parse(el.textContent);
    } catch (e) {
      return;
    }
    var g = {
      sec: sec,
      id: sec.getAttribute("data-game"),
      d: d,
      ply: d.open,
      board: byClass(sec, "board"),
      where: byClass(sec, "where"),
      facts: byClass(sec, "facts"),
      comment: byClass(sec, "comment"),
      fen: byClass(sec, "fen"),
      status: sec.querySelector("table.status tbody"),
      spans: [],
      buttons: {},
      lit: []
    };
    var items = sec.querySelectorAll(".board g.p");
    for (var i = 0; i < items.length; i++) {
      var ranges = items[i].getAttribute("data-p").split(" ").map(Number);
      g.spans.push([items[i], ranges]);
    }
    var bs = sec.querySelectorAll("button[data-ply]");
    for (var j = 0; j < bs.length; j++) {
      var p = bs[j].getAttribute("data-ply");
      (g.buttons[p] = g.buttons[p] || []).push(bs[j]);
    }
    sec.addEventListener("click", function (ev) {
      current = g;
      var b = ev.target.closest ? ev.target.closest("button") : null;
      if (!b || !sec.contains(b)) return;
      if (b.hasAttribute("data-ply")) go(g, Number(b.getAttribute("data-ply")), true);
      else if (b.hasAttribute("data-go")) step(g, b.getAttribute("data-go"));
    });
    sec.addEventListener("focusin", function () {
      current = g;
    });
    games.push(g);
  }

  function shows(ranges, n) {
    for (var i = 0; i + 1 < ranges.length; i += 2) {
      if (ranges[i] <= n && n < ranges[i + 1]) return true;
    }
    return false;
  }

  function fill(list, texts, tag) {
    while (list.firstChild) list.removeChild(list.firstChild);
    for (var i = 0; i < texts.length; i++) {
      var li = document.createElement(tag);
      li.textContent = texts[i];
      list.appendChild(li);
    }
  }

  function go(g, n, remember) {
    var d = g.d;
    n = Math.max(0, Math.min(d.last, Math.floor(Number(n) || 0)));
    g.ply = n;
    for (var i = 0; i < g.spans.length; i++) {
      g.spans[i][0].classList.toggle("on", shows(g.spans[i][1], n));
    }
    if (g.board) {
      g.board.setAttribute("data-ply", String(n));
      g.board.setAttribute("data-fen", d.fen[n] || "");
    }
    if (g.where) {
      g.where.textContent = "ply " + n + " of " + d.last + ": " + (n === 0 ? "the start" : d.moves[n]);
    }
    if (g.facts) fill(g.facts, d.facts[n] || [], "li");
    if (g.comment) g.comment.textContent = (d.comments[n] || []).join(" ");
    if (g.fen) g.fen.textContent = d.fen[n] || "";
    if (g.status) {
      while (g.status.firstChild) g.status.removeChild(g.status.firstChild);
      var rows = d.table[n];
      if (typeof rows === "number") rows = d.table[rows];
      rows = rows || [];
      for (var r = 0; r < rows.length; r++) {
        var tr = document.createElement("tr");
        fill(tr, rows[r], "td");
        g.status.appendChild(tr);
      }
    }
    for (var k = 0; k < g.lit.length; k++) g.lit[k].removeAttribute("aria-current");
    g.lit = g.buttons[String(n)] || [];
    for (var m = 0; m < g.lit.length; m++) g.lit[m].setAttribute("aria-current", "step");
    if (remember) {
      var hash = games.length > 1 ? "#game=" + g.id + "&ply=" + n : "#ply=" + n;
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        /* a page opened where the address cannot change */
      }
    }
  }

  function step(g, how) {
    var d = g.d;
    var to = {
      first: 0,
      prev: g.ply - 1,
      next: g.ply + 1,
      last: d.last,
      decides: d.decides === null ? g.ply : d.decides
    }[how];
    if (to !== undefined) go(g, to, true);
  }

  function fromHash() {
    var h = location.hash.replace(/^#/, "");
    if (!h) return;
    var q = {};
    h.split("&").forEach(function (part) {
      var kv = part.split("=");
      q[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1] || "");
    });
    var g = games[0];
    if (q.game !== undefined) {
      g = null;
      for (var i = 0; i < games.length; i++) if (games[i].id === q.game) g = games[i];
      if (g) g.sec.scrollIntoView();
    }
    if (!g) return;
    current = g;
    if (q.ply !== undefined && /^\d+$/.test(q.ply)) go(g, Number(q.ply), false);
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var t = ev.target;
    if (t && t.closest && t.closest("input, select, textarea")) return;
    var g = current || games[0];
    if (!g) return;
    var how = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" }[ev.key];
    if (!how) return;
    ev.preventDefault();
    step(g, how);
  });

  var sections = document.querySelectorAll("section.game");
  for (var s = 0; s < sections.length; s++) setup(sections[s]);
  for (var k = 0; k < games.length; k++) go(games[k], games[k].d.open, false);
  fromHash();
  window.addEventListener("hashchange", fromHash);

  // The table of games: filters by status and reason.
  var table = document.querySelector("table.games tbody");
  var fs = document.getElementById("f-status");
  var fr = document.getElementById("f-reason");
  var count = document.getElementById("f-count");
  if (table && fs && fr) {
    var apply = function () {
      var shown = 0;
      var rows = table.rows;
      for (var i = 0; i < rows.length; i++) {
        var st = " " + (rows[i].getAttribute("data-status") || "") + " ";
        var ok = (!fs.value || st.indexOf(" " + fs.value + " ") >= 0) &&
          (!fr.value || rows[i].getAttribute("data-reason") === fr.value);
        rows[i].hidden = !ok;
        if (ok) shown++;
      }
      if (count) count.textContent = shown + " of " + rows.length + " games";
    };
    fs.addEventListener("change", apply);
    fr.addEventListener("change", apply);
    apply();
  }
})();
