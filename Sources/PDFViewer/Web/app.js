// pdftext viewer: search the index, show a page with pdf.js, and draw pdftext's own data over it.
//
// Two modes:
//  - served (`pdftext serve`): everything comes from the HTTP API (docs/VIEWER.md);
//  - static (`pdftext view FILE -o DIR`, opened from file://, where fetch() is refused):
//    data/doc.js sets window.PDFTEXT_STATIC = {doc, pdfBase64}, and each data/page-N.js calls
//    window.PDFTEXT_PAGE(N, page); the pages are loaded by adding <script src> elements.
//
// Every coordinate the API gives is PDF page space (points, y up); pdf.js's viewport maps it to
// the canvas. Every string that comes from a PDF is inserted with textContent, never as HTML.
// The Content-Security-Policy allows no inline script or style: styles are set through
// element.style, SVG geometry through attributes.
(function () {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  const LAYERS = ["hits", "words", "lines", "blocks", "glyphs", "structure", "findings"];
  // Where a glyph's Unicode came from (pdftext glyphs' source column), with a colour class.
  const SOURCES = [
    ["tounicode", "ToUnicode map"],
    ["encoding", "Font encoding"],
    ["glyphname", "Glyph name"],
    ["fontprogram", "Font program"],
    ["actualtext", "ActualText"],
    ["ocr", "OCR"],
    ["guessed", "Guessed"],
    ["none", "Unmapped (no Unicode)"],
  ];
  const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

  const $ = (id) => document.getElementById(id);
  const el = {
    form: $("search-form"), input: $("search-input"), status: $("status"),
    results: $("results"), docs: $("docs"), heading: $("page-heading"),
    prev: $("prev-page"), next: $("next-page"), pageInput: $("page-input"), pageCount: $("page-count"),
    zoomOut: $("zoom-out"), zoomIn: $("zoom-in"), zoomSelect: $("zoom-select"),
    scroller: $("stage-scroller"), stage: $("stage"), canvas: $("page-canvas"), overlay: $("overlay"),
    pageText: $("page-text-body"), legend: $("legend"), findings: $("findings"),
  };

  // State the browser test reads (tools/viewer/): the current viewport and timings.
  const viewer = {
    mode: "server",
    docId: null, pageNumber: 0, zoom: "fit",
    viewport: null,           // pdf.js PageViewport of the page on the canvas
    pageData: null,           // the page endpoint's object for the page shown
    hits: [],                 // the search hits shown on this page
    drawn: false,             // the canvas and overlays show pageNumber
    drawCount: 0,
    timings: [],              // {doc, page, ms, from}: open request → page drawn
    errors: [],
  };
  window.pdftextViewer = viewer;

  const docInfo = new Map();    // id → /api/doc/<id>
  const pdfDocs = new Map();    // id → Promise<PDFDocumentProxy>
  const pageCache = new Map();  // "id/n" → Promise<page data>
  let docList = [];
  let lastResults = { query: "", hits: [] };
  let renderTask = null;
  let worker = null;            // one pdf.js worker, started before the first hit is opened
  let generation = 0;

  // ------------------------------------------------------------------------------------------
  // Small helpers

  function text(node, s) { node.textContent = s == null ? "" : String(s); return node; }
  function make(tag, cls, content) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (content != null) text(n, content);
    return n;
  }
  function svg(tag, attrs) {
    const n = document.createElementNS(SVG_NS, tag);
    for (const k in attrs) n.setAttribute(k, String(attrs[k]));
    return n;
  }
  // Control characters other than the match marks become U+FFFD; the marks are handled apart.
  function clean(s) { return String(s == null ? "" : s).replace(/[\u0000\u0001\u0004-\u0008\u000b-\u001f\u007f]/g, "\ufffd"); }
  function say(message) {
    // Clearing first makes a repeated message be announced again.
    el.status.textContent = "";
    window.setTimeout(() => { el.status.textContent = message; }, 30);
  }
  function fail(message, err) {
    viewer.errors.push(message + (err ? ": " + (err.message || err) : ""));
    say(message);
    if (err) console.error(message, err);
  }
  function label(doc, n) {
    const labels = doc && doc.pageLabels;
    const l = labels && labels[n - 1];
    return l && l !== String(n) ? l : "";
  }

  // ------------------------------------------------------------------------------------------
  // Data: the HTTP API, or the static export's scripts

  async function getJSON(path) {
    const response = await fetch(path, { headers: { "Accept": "application/json" } });
    if (!response.ok) throw new Error(path.split("?")[0] + ": HTTP " + response.status);
    return response.json();
  }

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error("cannot load " + src));
      document.head.appendChild(s);
    });
  }

  const staticPages = new Map(); // n → resolver waiting for data/page-n.js
  window.PDFTEXT_PAGE = function (n, data) {
    const waiting = staticPages.get(Number(n));
    if (waiting) waiting(data);
  };

  async function fetchDocs() {
    if (viewer.mode === "static") {
      const d = window.PDFTEXT_STATIC.doc;
      return [{ id: d.id, name: d.name, pages: d.pages }];
    }
    return (await getJSON("api/docs")).docs || [];
  }

  async function fetchDoc(id) {
    if (docInfo.has(id)) return docInfo.get(id);
    let d;
    if (viewer.mode === "static") d = window.PDFTEXT_STATIC.doc;
    else d = await getJSON("api/doc/" + encodeURIComponent(id));
    docInfo.set(id, d);
    return d;
  }

  function fetchPage(id, n) {
    const key = id + "/" + n;
    if (!pageCache.has(key)) {
      let p;
      if (viewer.mode === "static") {
        p = new Promise((resolve, reject) => {
          staticPages.set(n, resolve);
          loadScript("data/page-" + n + ".js").catch(reject);
        });
      } else {
        p = getJSON("api/doc/" + encodeURIComponent(id) + "/page/" + n);
      }
      p.catch(() => pageCache.delete(key));
      pageCache.set(key, p);
    }
    return pageCache.get(key);
  }

  function pdfDocument(id) {
    if (!pdfDocs.has(id)) {
      const params = {
        isEvalSupported: false,  // the CSP forbids eval; pdf.js draws glyph paths without it
        cMapUrl: "pdfjs/web/cmaps/", cMapPacked: true,
        standardFontDataUrl: "pdfjs/web/standard_fonts/",
      };
      if (viewer.mode === "static") {
        const raw = atob(window.PDFTEXT_STATIC.pdfBase64);
        const bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
        params.data = bytes;
      } else {
        params.url = "api/doc/" + encodeURIComponent(id) + "/file.pdf";
        if (worker) params.worker = worker;
        params.disableAutoFetch = true;  // only the ranges the page needs, when the server allows
      }
      const p = pdfjsLib.getDocument(params).promise;
      p.catch(() => pdfDocs.delete(id));
      pdfDocs.set(id, p);
    }
    return pdfDocs.get(id);
  }

  async function search(query, limit) {
    if (viewer.mode === "static") return staticSearch(query, limit);
    const q = "api/search?q=" + encodeURIComponent(query) + "&limit=" + (limit || 50);
    return getJSON(q);
  }

  // The query matched against a page's own words, in the browser: the search of the export
  // (which has no index), and the highlights of a page the server's results do not reach (a
  // link to page 437 when the results stop at the first hundred). Words, "phrases" and
  // prefix* are matched, folded for case and diacritics; OR and AND are read as separators,
  // NOT x and -x left out. The index's own matching (stemming, Chinese and Japanese
  // segmentation) is not repeated here.
  function fold(w) {
    return String(w).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/^[^\p{L}\p{N}*]+|[^\p{L}\p{N}*]+$/gu, "");
  }
  function queryGroups(query) {
    const groups = [];
    const re = /(-?)"([^"]*)"?|(\S+)/g;
    let m, negate = false;
    while ((m = re.exec(query))) {
      if (m[2] !== undefined) {
        if (!m[1] && !negate) groups.push(m[2].split(/\s+/).map(fold).filter(Boolean));
        negate = false;
        continue;
      }
      const t = m[3];
      if (t === "NOT") { negate = true; continue; }
      if (t === "OR" || t === "AND") continue;
      if (!negate && !t.startsWith("-")) {
        const words = t.replace(/[()]/g, " ").split(/\s+/).map(fold).filter(Boolean);
        for (const w of words) groups.push([w]);
      }
      negate = false;
    }
    return groups.filter((g) => g.length);
  }
  function wordMatches(text, wanted) {
    const w = fold(text);
    return wanted.endsWith("*") ? w.startsWith(wanted.slice(0, -1)) : w === wanted;
  }
  // {found: groups found on the page, first: index of the first matched word, boxes}
  function matchPage(words, groups) {
    const folded = groups.map(() => false);
    const boxes = [];
    let first = -1, firstLength = 0;
    groups.forEach((g, gi) => {
      for (let i = 0; i + g.length <= words.length; i++) {
        let ok = true;
        for (let k = 0; k < g.length && ok; k++) ok = wordMatches(words[i + k].text, g[k]);
        if (!ok) continue;
        folded[gi] = true;
        if (first < 0 || i < first) { first = i; firstLength = g.length; }
        for (let k = 0; k < g.length; k++) boxes.push(words[i + k].rect);
      }
    });
    return { all: folded.every(Boolean), first, firstLength, boxes };
  }

  async function staticSearch(query, limit) {
    const doc = window.PDFTEXT_STATIC.doc;
    const groups = queryGroups(query);
    const hits = [];
    if (!groups.length) return { query, hits };
    for (let n = 1; n <= doc.pages && hits.length < (limit || 50); n++) {
      let page;
      try { page = await fetchPage(doc.id, n); } catch (e) { continue; }
      const words = page.words || [];
      const m = matchPage(words, groups);
      if (!m.all) continue;
      const text = (a, b) => words.slice(Math.max(0, a), Math.max(0, b)).map((w) => w.text).join(" ");
      hits.push({ doc: doc.id, name: doc.name, page: n, label: label(doc, n), boxes: m.boxes,
                  snippet: text(m.first - 8, m.first) + " \u0002" + text(m.first, m.first + m.firstLength) + "\u0003 "
                    + text(m.first + m.firstLength, m.first + m.firstLength + 8) });
    }
    return { query, hits };
  }

  // ------------------------------------------------------------------------------------------
  // Deep links: #doc=<id>&page=<n>&q=<query>

  function readHash() {
    const h = new URLSearchParams(location.hash.replace(/^#/, ""));
    const page = parseInt(h.get("page") || "1", 10);
    let doc = h.get("doc");
    // The export holds one document: #page=N is enough there.
    if (!doc && viewer.mode === "static" && h.has("page")) doc = window.PDFTEXT_STATIC.doc.id;
    return { doc, page: page > 0 ? page : 1, q: h.get("q") || "" };
  }
  function hashFor(doc, page, q) {
    const h = new URLSearchParams();
    h.set("doc", doc);
    h.set("page", String(page));
    if (q) h.set("q", q);
    return "#" + h.toString();
  }
  function writeHash() {
    if (!viewer.docId) return;
    const h = hashFor(viewer.docId, viewer.pageNumber, lastResults.query);
    if (location.hash !== h) history.replaceState(null, "", h);
  }

  async function applyHash(from) {
    const t0 = performance.now();
    const h = readHash();
    let searching = null;
    if (h.q && h.q !== lastResults.query) {
      el.input.value = h.q;
      // The search runs beside the page's loading; its hits are awaited only to be drawn.
      searching = runSearch(h.q, { announce: !h.doc });
    }
    if (h.doc) await showPage(h.doc, h.page, { t0, from: from || "link", searching });
    else if (searching) await searching;
  }

  // ------------------------------------------------------------------------------------------
  // Search results

  function snippetInto(node, snippet, marks) {
    const s = String(snippet == null ? "" : snippet);
    if (Array.isArray(marks) && marks.length) {
      // [[start, end], …] in UTF-16 code units of the snippet.
      let at = 0;
      for (const [a, b] of marks) {
        if (a > at) node.appendChild(document.createTextNode(clean(s.slice(at, a))));
        node.appendChild(make("mark", null, clean(s.slice(a, b))));
        at = b;
      }
      if (at < s.length) node.appendChild(document.createTextNode(clean(s.slice(at))));
      return;
    }
    const parts = s.split(/(\u0002[^\u0003]*\u0003?)/);
    for (const part of parts) {
      if (!part) continue;
      if (part.charAt(0) === "\u0002") node.appendChild(make("mark", null, clean(part.replace(/[\u0002\u0003]/g, ""))));
      else node.appendChild(document.createTextNode(clean(part)));
    }
  }

  async function runSearch(query, options) {
    query = query.trim();
    el.results.textContent = "";
    if (!query) { lastResults = { query: "", hits: [] }; say("Type words to search for."); return; }
    say("Searching for " + query + "…");
    lastResults = { query, hits: [] };  // the address names the query at once
    let result;
    try {
      result = await search(query, 50);
    } catch (e) {
      lastResults = { query, hits: [] };
      fail("The search failed", e);
      return;
    }
    if (lastResults.query !== query) return;  // a newer search has begun
    lastResults = { query, hits: result.hits || [] };
    if (result.pending && !lastResults.hits.length) {
      // `pdftext serve` without --db builds its index in the background.
      say("The index is still being built; the search is tried again in two seconds.");
      const tries = (options && options.tries) || 0;
      if (tries < 60) {
        window.setTimeout(() => {
          if (lastResults.query === query) runSearch(query, Object.assign({}, options, { tries: tries + 1 })).then(redrawHits);
        }, 2000);
      }
      return;
    }
    if (result.unavailable) say("The search is unavailable: " + clean(result.unavailable));
    for (const hit of lastResults.hits) {
      const li = make("li", "result");
      const a = make("a", "result-link");
      a.href = hashFor(hit.doc, hit.page, query);
      const title = make("span", "result-title");
      title.appendChild(make("span", "result-name", clean(hit.name)));
      const where = "page " + hit.page + (hit.label && hit.label !== String(hit.page) ? " (" + clean(hit.label) + ")" : "");
      title.appendChild(make("span", "result-page", where));
      a.appendChild(title);
      const snip = make("span", "result-snippet");
      snippetInto(snip, hit.snippet, hit.marks);
      a.appendChild(snip);
      a.addEventListener("click", (e) => {
        // The page shown already: no hashchange will come, so only the focus moves.
        if (a.getAttribute("href") === location.hash && viewer.drawn) { e.preventDefault(); el.heading.focus(); }
      });
      li.appendChild(a);
      el.results.appendChild(li);
    }
    prefetch(lastResults.hits.slice(0, 3));
    const n = lastResults.hits.length;
    if (!options || options.announce !== false) {
      say(n === 0 ? "No page matches " + query + "." : n + (n === 1 ? " page matches " : " pages match ") + query + ".");
    }
    markCurrentResult();
  }

  // While the results are read, the first ones are made ready to open: their documents
  // loaded by pdf.js, their pages' fonts translated (an operator list), their overlay data
  // asked for. Opening one then mostly paints. Errors are left to the open itself.
  function prefetch(hits) {
    if (typeof pdfjsLib === "undefined") return;
    window.setTimeout(() => {
      for (const h of hits) {
        fetchDoc(h.doc).catch(() => {});
        fetchPage(h.doc, h.page).catch(() => {});
        pdfDocument(h.doc).then((pdf) => pdf.getPage(h.page)).then((page) => page.getOperatorList()).catch(() => {});
      }
    }, 0);
  }

  function markCurrentResult() {
    for (const a of el.results.querySelectorAll("a.result-link")) {
      const current = a.getAttribute("href") === hashFor(viewer.docId, viewer.pageNumber, lastResults.query);
      if (current) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    }
  }

  function renderDocList() {
    el.docs.textContent = "";
    for (const d of docList.slice(0, DOC_LIST_LIMIT)) {
      const li = make("li");
      const a = make("a", "doc-link");
      a.href = hashFor(d.id, 1, "");
      a.appendChild(make("span", "doc-name", clean(d.name)));
      // A large catalogue counts a document's pages only once it has been opened.
      if (typeof d.pages === "number") a.appendChild(make("span", "doc-pages", d.pages + (d.pages === 1 ? " page" : " pages")));
      li.appendChild(a);
      el.docs.appendChild(li);
    }
    if (docList.length > DOC_LIST_LIMIT) {
      el.docs.appendChild(make("li", "note", "and " + (docList.length - DOC_LIST_LIMIT) + " more: search to find them."));
    }
  }

  // ------------------------------------------------------------------------------------------
  // The page: pdf.js on the canvas, our layers above it

  function scaleFor(page) {
    if (viewer.zoom !== "fit") return Number(viewer.zoom);
    const unit = page.getViewport({ scale: 1 });
    const room = Math.max(200, el.scroller.clientWidth - 24);
    return Math.max(0.25, Math.min(4, room / unit.width));
  }

  async function showPage(docId, n, opts) {
    opts = opts || {};
    const t0 = opts.t0 != null ? opts.t0 : performance.now();
    const gen = ++generation;
    viewer.drawn = false;
    // The overlay data is asked for at once, beside the document (the page number is checked
    // against the document's count afterwards).
    const asked = Math.max(1, n | 0);
    const early = fetchPage(docId, asked);
    early.catch(() => {});
    let doc, pdf;
    try {
      [doc, pdf] = await Promise.all([fetchDoc(docId), pdfDocument(docId)]);
    } catch (e) {
      if (gen === generation) fail("Cannot open the document", e);
      return;
    }
    if (gen !== generation) return;
    const docAt = performance.now();
    n = Math.max(1, Math.min(pdf.numPages, n | 0));
    viewer.docId = docId;
    viewer.pageNumber = n;
    const dataPromise = n === asked ? early : fetchPage(docId, n);
    dataPromise.catch(() => {});

    let page;
    try { page = await pdf.getPage(n); } catch (e) { if (gen === generation) fail("Cannot read page " + n, e); return; }
    if (gen !== generation) return;
    const pageAt = performance.now();

    const scale = scaleFor(page);
    const viewport = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    // Drawn on a canvas of its own, which replaces the shown one when it is done: the page
    // shown stays until the next one is ready (no blank flash when turning pages).
    const canvas = document.createElement("canvas");
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = viewport.width + "px";
    canvas.style.height = viewport.height + "px";
    canvas.setAttribute("role", "img");

    const pageLabel = label(doc, n);
    text(el.heading, clean(doc.name) + " — page " + n + (pageLabel ? " (" + clean(pageLabel) + ")" : "") + " of " + pdf.numPages);
    canvas.setAttribute("aria-label", "Page " + n + " of " + clean(doc.name) + " as drawn; its text follows in reading order");
    el.pageInput.value = String(n);
    el.pageInput.max = String(pdf.numPages);
    text(el.pageCount, "of " + pdf.numPages);
    el.prev.disabled = n <= 1;
    el.next.disabled = n >= pdf.numPages;
    document.title = doc.name + " p. " + n + " — pdftext viewer";
    writeHash();
    markCurrentResult();

    if (renderTask) { try { renderTask.cancel(); } catch (e) { /* already done */ } }
    renderTask = page.render({
      canvasContext: canvas.getContext("2d"),
      viewport,
      transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : null,
    });
    try {
      await renderTask.promise;
    } catch (e) {
      if (e && e.name === "RenderingCancelledException") return;
      if (gen === generation) fail("Cannot draw page " + n, e);
      return;
    }
    if (gen !== generation) return;
    // The hits come with the search results: they are drawn with the page, before its data.
    if (opts.searching) { await opts.searching; if (gen !== generation) return; }
    canvas.id = "page-canvas";
    el.canvas.replaceWith(canvas);
    el.canvas = canvas;
    el.stage.style.width = viewport.width + "px";
    el.stage.style.height = viewport.height + "px";
    viewer.viewport = viewport;
    viewer.scale = scale;
    viewer.hits = hitsFor(docId, n, null);
    drawOverlays(viewport, null, viewer.hits);
    const drawnAt = performance.now();

    let data = null;
    try { data = await dataPromise; } catch (e) { fail("No overlay data for page " + n, e); }
    if (gen !== generation) return;
    const dataAt = performance.now();
    viewer.pageData = data;
    viewer.hits = hitsFor(docId, n, data);
    drawOverlays(viewport, data, viewer.hits);
    fillPageText(data);
    fillFindings(data, viewport);
    fillNotes(data);
    const overlaysAt = performance.now();
    loadDocFindings(docId, 0);
    if (data && data.findingsPending) awaitFindings(docId, n, gen, 0);

    viewer.drawn = true;
    viewer.drawCount++;
    // ms: the page drawn by pdf.js with its hits; withOverlaysMs: with every layer; the steps:
    // document open, page read, drawn, overlay data in.
    viewer.timings.push({ doc: docId, page: n, from: opts.from || "nav",
                          ms: drawnAt - t0, withOverlaysMs: overlaysAt - t0,
                          steps: { document: docAt - t0, page: pageAt - t0, drawn: drawnAt - t0, data: dataAt - t0 } });
    const hitWord = viewer.hits.length ? ", " + viewer.hits.reduce((s, h) => s + (h.boxes || []).length, 0) + " highlighted" : "";
    say("Page " + n + " of " + pdf.numPages + " shown" + hitWord + ".");
    // The first highlight in sight (at a large zoom it may be below the fold).
    const first = el.overlay.querySelector(".layer-hits:not([hidden]) .hit");
    if (first && opts.from !== "nav") first.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (opts.focus) el.heading.focus();
  }

  // [x0,y0,x1,y1] in PDF space → {left, top, width, height} in CSS pixels over the canvas.
  function box(viewport, r) {
    const v = viewport.convertToViewportRectangle(r);
    const left = Math.min(v[0], v[2]), top = Math.min(v[1], v[3]);
    return { left, top, width: Math.abs(v[2] - v[0]), height: Math.abs(v[3] - v[1]) };
  }
  function placed(cls, b) {
    const d = make("div", cls);
    d.style.left = b.left + "px";
    d.style.top = b.top + "px";
    d.style.width = Math.max(1, b.width) + "px";
    d.style.height = Math.max(1, b.height) + "px";
    return d;
  }
  function layer(name) {
    const d = make("div", "layer layer-" + name);
    d.dataset.layer = name;
    d.hidden = !$("layer-" + name).checked;
    el.overlay.appendChild(d);
    return d;
  }
  function svgLayer(name, viewport) {
    const s = svg("svg", { class: "layer layer-" + name, width: viewport.width, height: viewport.height,
                           viewBox: "0 0 " + viewport.width + " " + viewport.height });
    s.dataset.layer = name;
    if (!$("layer-" + name).checked) s.setAttribute("visibility", "hidden");
    el.overlay.appendChild(s);
    return s;
  }

  // The layers are built when they are first shown (a page may have tens of thousands of
  // glyphs): drawOverlays keeps what they are drawn from and builds the ones turned on.
  let overlayState = null;
  const builders = {
    hits: drawHits, words: drawWords, lines: drawLines, blocks: drawBlocks,
    glyphs: drawGlyphs, structure: drawStructure, findings: drawFindings,
  };

  function drawOverlays(viewport, data, hits) {
    overlayState = { viewport, data: data || {}, hits: hits || [] };
    el.overlay.textContent = "";
    el.overlay.style.width = viewport.width + "px";
    el.overlay.style.height = viewport.height + "px";
    for (const name of LAYERS) if ($("layer-" + name).checked) buildLayer(name);
  }

  function buildLayer(name) {
    if (!overlayState) return;
    const { viewport, data, hits } = overlayState;
    builders[name](viewport, name === "hits" ? hits : data);
  }

  function drawWords(viewport, data) {
    const words = layer("words");
    for (const w of data.words || []) {
      const d = placed("word", box(viewport, w.rect));
      d.title = clean(w.text);
      words.appendChild(d);
    }
  }

  function drawLines(viewport, data) {
    const lines = layer("lines");
    for (const l of data.lines || []) lines.appendChild(placed("line", box(viewport, l.rect)));
  }

  // Elements whose boxes start at one corner (a heading and the span in it, the document
  // and its first paragraph) share one tag there, outermost first: "H1 › Span".
  function drawStructure(viewport, data) {
    const structure = layer("structure");
    const corners = new Map();
    for (const s of (data.structure || []).slice().sort((a, b) => (a.depth | 0) - (b.depth | 0))) {
      if (!s.rect) continue;
      const b = box(viewport, s.rect);
      const d = placed("struct depth-" + Math.min(6, s.depth | 0), b);
      const key = Math.round(b.left / 3) + "," + Math.round(b.top / 3);
      const shared = corners.get(key);
      if (shared) {
        shared.textContent += " › " + clean(s.role);
        if (s.alt) shared.title = (shared.title ? shared.title + "; " : "") + clean(s.alt);
      } else {
        const tag = make("span", "tag struct-role", clean(s.role));
        if (s.alt) tag.title = clean(s.alt);
        d.appendChild(tag);
        corners.set(key, tag);
      }
      structure.appendChild(d);
    }
  }

  function drawFindings(viewport, data) {
    const findings = layer("findings");
    const tagged = [];  // where rule tags went: one that would touch another of its rule is left out
    (data.findings || []).forEach((f, i) => {
      if (!f.rect) return;
      const b = box(viewport, f.rect);
      const d = placed("finding severity-" + clean(f.severity || "error").replace(/[^a-z]/g, ""), b);
      d.dataset.index = String(i);
      d.title = clean(f.rule) + ": " + clean(f.message);
      if (!tagged.some((t) => t.rule === f.rule && Math.abs(t.left - b.left) < 40 && Math.abs(t.top - b.top) < 16)) {
        const tag = make("span", "tag finding-rule", clean(f.rule));
        tag.title = d.title;
        d.appendChild(tag);
        tagged.push({ rule: f.rule, left: b.left, top: b.top });
      }
      findings.appendChild(d);
    });
  }

  function drawHits(viewport, hits) {
    const hitLayer = layer("hits");
    for (const h of hits) {
      for (const r of h.boxes || []) {
        const d = placed("hit", box(viewport, r));
        d.dataset.rect = r.join(",");
        hitLayer.appendChild(d);
      }
    }
  }

  function drawBlocks(viewport, data) {
    const blocks = data.blocks || [];
    const boxes = layer("blocks");
    const arrows = svgLayer("blocks", viewport);
    arrows.classList.add("arrows");
    const defs = svg("defs", {});
    const marker = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5,
                                   markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }));
    defs.appendChild(marker);
    arrows.appendChild(defs);

    const ordered = blocks.slice().sort((a, b) => a.order - b.order);
    const centres = [];
    ordered.forEach((b, k) => {
      const bb = box(viewport, b.rect);
      const kind = String(b.kind || "paragraph").replace(/[^a-z]/gi, "");
      const d = placed("block kind-" + kind, bb);
      // Numbered from 1 in reading order; data-order keeps the API's own value.
      const num = make("span", "tag block-order", String(k + 1) + (kind !== "paragraph" ? " " + kind : ""));
      num.dataset.order = String(b.order);
      num.dataset.rank = String(k + 1);
      if (b.reason) num.title = clean(b.reason);
      d.appendChild(num);
      boxes.appendChild(d);
      centres.push([bb.left + bb.width / 2, bb.top + bb.height / 2]);
    });
    for (let i = 0; i + 1 < centres.length; i++) {
      const [x1, y1] = centres[i], [x2, y2] = centres[i + 1];
      arrows.appendChild(svg("line", { x1, y1, x2, y2, class: "order-arrow", "marker-end": "url(#arrowhead)" }));
    }
  }

  function sourceClass(source) {
    const s = String(source || "none").toLowerCase();
    if (s.startsWith("ocr")) return "ocr";
    return SOURCES.some(([k]) => k === s) ? s : "none";
  }

  function drawGlyphs(viewport, data) {
    const glyphs = data.glyphs || [];
    const s = svgLayer("glyphs", viewport);
    for (const g of glyphs) {
      const q = g.quad;
      if (!q || q.length < 8) continue;
      const pts = [];
      for (let i = 0; i < 8; i += 2) {
        const p = viewport.convertToViewportPoint(q[i], q[i + 1]);
        pts.push(p[0].toFixed(2) + "," + p[1].toFixed(2));
      }
      const poly = svg("polygon", { points: pts.join(" "), class: "glyph src-" + sourceClass(g.source) });
      const t = svg("title", {});
      t.textContent = clean(g.text) + " — " + clean(g.source);
      poly.appendChild(t);
      s.appendChild(poly);
    }
  }

  // The page's text for screen readers: a paragraph per block, in reading order, made of the
  // words whose centres lie in it (a block's own text is cut short by the API); words in no
  // block follow.
  function fillPageText(data) {
    el.pageText.textContent = "";
    const words = (data && data.words) || [];
    const blocks = ((data && data.blocks) || []).slice().sort((a, b) => a.order - b.order);
    if (!words.length && !blocks.length) {
      el.pageText.appendChild(make("p", null, "This page has no text."));
      return;
    }
    const inBlock = blocks.map(() => []);
    const rest = [];
    for (const w of words) {
      const r = w.rect || [0, 0, 0, 0];
      const x = (r[0] + r[2]) / 2, y = (r[1] + r[3]) / 2;
      const k = blocks.findIndex((b) => b.rect && x >= Math.min(b.rect[0], b.rect[2]) && x <= Math.max(b.rect[0], b.rect[2])
                                       && y >= Math.min(b.rect[1], b.rect[3]) && y <= Math.max(b.rect[1], b.rect[3]));
      (k >= 0 ? inBlock[k] : rest).push(w.text);
    }
    blocks.forEach((b, k) => {
      const t = inBlock[k].length ? inBlock[k].join(" ") : b.text;
      if (t) el.pageText.appendChild(make("p", null, clean(t)));
    });
    if (rest.length) el.pageText.appendChild(make("p", null, clean(rest.join(" "))));
  }

  // At most this many documents are listed; the search reaches the others.
  const DOC_LIST_LIMIT = 500;

  function fillFindings(data, viewport) {
    el.findings.textContent = "";
    const list = (data && data.findings) || [];
    if (data && data.findingsPending) {
      el.findings.appendChild(make("li", "empty", "The audit is still running…"));
      return;
    }
    if (!list.length) {
      el.findings.appendChild(make("li", "empty", "None."));
      return;
    }
    listFindingGroups(el.findings, list, true);
  }

  // Findings of one rule with one message are listed once, with their count; on the page
  // shown, each group is a button that marks its findings.
  function listFindingGroups(target, list, onPage) {
    const groups = new Map();
    list.forEach((f, i) => {
      const key = f.rule + "\u0000" + f.severity + "\u0000" + f.message;
      if (!groups.has(key)) groups.set(key, { f, indices: [] });
      groups.get(key).indices.push(i);
    });
    for (const { f, indices } of groups.values()) {
      const li = make("li", "finding-item");
      const b = make("button", "finding-button");
      b.type = "button";
      b.dataset.indices = indices.join(",");
      b.appendChild(make("span", "finding-rule-name", clean(f.rule)));
      b.appendChild(make("span", "finding-severity", clean(f.severity)));
      if (indices.length > 1) b.appendChild(make("span", "finding-count", "× " + indices.length));
      b.appendChild(make("span", "finding-message", clean(f.message)));
      if (!onPage) {
        // Not on a page: plain text, nothing to mark.
        const item = make("div", "finding-button finding-static");
        while (b.firstChild) item.appendChild(b.firstChild);
        li.appendChild(item);
        target.appendChild(li);
        continue;
      }
      const placed = indices.filter((i) => list[i].rect).length;
      if (!placed) b.appendChild(make("span", "finding-where", "(no place on the page)"));
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => focusFinding(b, indices));
      li.appendChild(b);
      target.appendChild(li);
    }
  }

  // The audit runs over the whole document once; until it has, a page's findings are pending.
  function awaitFindings(docId, n, gen, tries) {
    if (tries > 60) return;
    window.setTimeout(async () => {
      if (gen !== generation) return;
      let data;
      try {
        data = viewer.mode === "static" ? null
          : await getJSON("api/doc/" + encodeURIComponent(docId) + "/page/" + n);
      } catch (e) { return; }
      if (!data || gen !== generation) return;
      if (data.findingsPending) { awaitFindings(docId, n, gen, tries + 1); return; }
      pageCache.set(docId + "/" + n, Promise.resolve(data));
      viewer.pageData = data;
      drawOverlays(viewer.viewport, data, viewer.hits);
      fillFindings(data, viewer.viewport);
      const count = (data.findings || []).length;
      say("The audit is done: " + count + (count === 1 ? " finding" : " findings") + " on this page.");
    }, tries < 5 ? 500 : 2000);
  }

  // The whole document's findings (server only: the export has its pages' findings): the
  // pages that have some, as links, and those of no page. The audit runs once per document.
  let docFindingsFor = null;
  function loadDocFindings(docId, tries) {
    if (viewer.mode !== "server") { $("doc-findings-section").hidden = true; return; }
    if (!tries) {
      if (docFindingsFor === docId) return;
      docFindingsFor = docId;
      $("doc-findings-pages").textContent = "";
      $("doc-findings-nopage").textContent = "";
      text($("doc-findings-summary"), "The audit is running…");
    }
    getJSON("api/doc/" + encodeURIComponent(docId) + "/findings").then((r) => {
      if (docFindingsFor !== docId) return;
      if (r.pending) {
        if ((tries || 0) < 30) window.setTimeout(() => loadDocFindings(docId, (tries || 0) + 1), 2000);
        return;
      }
      const list = r.findings || [];
      const perPage = new Map();
      const noPage = [];
      for (const f of list) {
        if (typeof f.page === "number") perPage.set(f.page, (perPage.get(f.page) || 0) + 1);
        else noPage.push(f);
      }
      text($("doc-findings-summary"), list.length === 0 ? "None."
        : list.length + (list.length === 1 ? " finding" : " findings") + ", on " + perPage.size
          + (perPage.size === 1 ? " page" : " pages") + (noPage.length ? " and " + noPage.length + " of no page" : "") + ".");
      const pages = $("doc-findings-pages");
      pages.textContent = "";
      for (const [page, count] of Array.from(perPage.entries()).sort((a, b) => a[0] - b[0]).slice(0, 500)) {
        const li = make("li");
        const a = make("a", "page-link", "page " + page + " (" + count + ")");
        a.href = hashFor(docId, page, lastResults.query);
        li.appendChild(a);
        pages.appendChild(li);
      }
      $("doc-findings-nopage").textContent = "";
      if (noPage.length) listFindingGroups($("doc-findings-nopage"), noPage, false);
    }).catch(() => {
      if (docFindingsFor === docId) text($("doc-findings-summary"), "The document's findings could not be read.");
    });
  }

  function fillNotes(data) {
    const notes = [];
    if (data && data.order && data.order.source) {
      const c = typeof data.order.confidence === "number" ? " (confidence " + data.order.confidence.toFixed(2) + ")" : "";
      const names = { structureTree: "the structure tree", geometry: "the page's geometry", contentStream: "the content stream" };
      notes.push("Reading order from " + (names[data.order.source] || clean(data.order.source)) + c + ".");
    }
    if (data && data.glyphsTruncated) notes.push("Only the first " + (data.glyphs || []).length + " glyphs are drawn.");
    text($("page-notes"), notes.join(" "));
  }

  function focusFinding(button, indices) {
    const box = $("layer-findings");
    if (!box.checked) { box.checked = true; applyLayerToggles(); }
    const wanted = new Set(indices.map(String));
    for (const d of el.overlay.querySelectorAll(".finding")) d.classList.toggle("current", wanted.has(d.dataset.index));
    for (const b of el.findings.querySelectorAll(".finding-button")) b.setAttribute("aria-pressed", String(b === button));
    const target = el.overlay.querySelector(".finding.current");
    if (target) target.scrollIntoView({ block: "nearest", inline: "nearest" });
    const f = viewer.pageData && viewer.pageData.findings[indices[0]];
    if (f) {
      const placed = indices.filter((i) => viewer.pageData.findings[i].rect).length;
      say(placed ? "Rule " + clean(f.rule) + ": " + placed + " marked on the page." : "Rule " + clean(f.rule) + " has no place on the page.");
    }
  }


  function applyLayerToggles() {
    for (const name of LAYERS) {
      const on = $("layer-" + name).checked;
      const built = el.overlay.querySelectorAll('[data-layer="' + name + '"]');
      if (on && !built.length) { buildLayer(name); continue; }
      for (const n of built) {
        if (n instanceof SVGElement) {
          if (on) n.removeAttribute("visibility"); else n.setAttribute("visibility", "hidden");
        } else {
          n.hidden = !on;
        }
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Controls

  // The highlights of the current query on the page shown (after a new search).
  function redrawHits() {
    if (!viewer.docId || !viewer.viewport) return;
    writeHash();
    viewer.hits = hitsFor(viewer.docId, viewer.pageNumber, viewer.pageData);
    drawOverlays(viewer.viewport, viewer.pageData, viewer.hits);
  }

  // The current query's hits on a page: the search results' own, or, when the results do not
  // reach the page (and its data is in), its words that match the query.
  function hitsFor(docId, n, data) {
    const hits = lastResults.hits.filter((h) => h.doc === docId && h.page === n);
    if (hits.length || !lastResults.query || !data || !data.words) return hits;
    const m = matchPage(data.words, queryGroups(lastResults.query));
    return m.boxes.length ? [{ doc: docId, page: n, boxes: m.boxes, local: true }] : [];
  }

  function goTo(n) {
    if (!viewer.docId) return;
    showPage(viewer.docId, n, { from: "nav" });
  }
  function setZoom(z) {
    viewer.zoom = z;
    el.zoomSelect.value = String(z);
    if (viewer.docId) showPage(viewer.docId, viewer.pageNumber, { from: "zoom" });
  }
  function stepZoom(dir) {
    const now = viewer.zoom === "fit" ? (viewer.scale || 1) : Number(viewer.zoom);
    let next = dir > 0 ? ZOOMS.find((z) => z > now + 0.01) : ZOOMS.slice().reverse().find((z) => z < now - 0.01);
    if (next == null) next = dir > 0 ? ZOOMS[ZOOMS.length - 1] : ZOOMS[0];
    setZoom(next);
  }

  function wire() {
    el.form.addEventListener("submit", (e) => {
      e.preventDefault();
      runSearch(el.input.value, {}).then(redrawHits);
    });
    el.prev.addEventListener("click", () => goTo(viewer.pageNumber - 1));
    el.next.addEventListener("click", () => goTo(viewer.pageNumber + 1));
    el.pageInput.addEventListener("change", () => goTo(parseInt(el.pageInput.value, 10) || 1));
    el.zoomSelect.addEventListener("change", () => setZoom(el.zoomSelect.value));
    el.zoomIn.addEventListener("click", () => stepZoom(1));
    el.zoomOut.addEventListener("click", () => stepZoom(-1));
    for (const name of LAYERS) $("layer-" + name).addEventListener("change", applyLayerToggles);
    window.addEventListener("hashchange", () => {
      const h = readHash();
      if (h.doc) applyHash("link").then(() => { if (viewer.drawn) el.heading.focus(); });
    });
    document.querySelector(".skip-link").addEventListener("click", (e) => {
      e.preventDefault();
      el.heading.focus();
    });
    let resizeTimer = 0;
    window.addEventListener("resize", () => {
      if (viewer.zoom !== "fit" || !viewer.docId) return;
      window.clearTimeout(resizeTimer);
      resizeTimer = window.setTimeout(() => showPage(viewer.docId, viewer.pageNumber, { from: "resize" }), 200);
    });
    for (const [key, name] of SOURCES) {
      const li = make("li");
      li.appendChild(make("span", "swatch src-" + key));
      li.appendChild(make("span", null, name));
      el.legend.appendChild(li);
    }
  }

  async function start() {
    wire();
    if (typeof pdfjsLib === "undefined") {
      fail("pdf.js did not load (pdfjs/build/pdf.js); pages cannot be drawn");
      return;
    }
    if (location.protocol === "file:" || window.PDFTEXT_STATIC) {
      viewer.mode = "static";
      try {
        // Workers cannot start from file://: pdf.js runs its worker code on the page instead.
        await loadScript("pdfjs/build/pdf.worker.js");
        if (!window.PDFTEXT_STATIC) await loadScript("data/doc.js");
      } catch (e) {
        fail("The exported data did not load", e);
        return;
      }
    }
    pdfjsLib.GlobalWorkerOptions.workerSrc = "pdfjs/build/pdf.worker.js";
    if (viewer.mode === "server") {
      try { worker = new pdfjsLib.PDFWorker({ name: "pdftext-viewer" }); } catch (e) { worker = null; }
    }
    try {
      docList = await fetchDocs();
    } catch (e) {
      fail("Cannot list the documents", e);
    }
    renderDocList();
    const h = readHash();
    if (h.doc) {
      await applyHash("link");
    } else if (docList.length) {
      await showPage(docList[0].id, 1, { from: "start" });
      say(docList.length + (docList.length === 1 ? " document" : " documents") + ". Search them, or read the first.");
    } else {
      say("No document to show.");
    }
    viewer.ready = true;
  }

  start();
})();
