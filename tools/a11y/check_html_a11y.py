#!/usr/bin/env python3
"""Checks pdftext's accessible HTML as a person with a screen reader meets it.

For a tagged PDF (default: Corpus/text/semantic-chromium.pdf) it
  1. reads the PDF's own tags with qpdf (independent of pdftext): the heading levels in
     order, the lists and their item counts, the number of table header cells and their
     scopes, and the figures' alternate text;
  2. converts the PDF with `pdftext --format html`;
  3. opens the HTML in headless Chromium and reads the browser's accessibility tree through
     the DevTools protocol (Accessibility.getFullAXTree), as assistive technology sees it;
  4. asserts that the browser's headings (levels, in order), lists (items per list), table
     header cells (column and row headers) and images (accessible names) are what the tags
     say, that each page is a named region landmark, and, for the project's own fixture, that
     the heading names and header texts equal the fixture's known text;
  5. converts every hostile fixture (Corpus/hostile/*.pdf) with `pdftext --format html`,
     opens each in Chromium and asserts that no anchor's address, as the browser resolves
     it, has a script-capable or local scheme (javascript:, data:, vbscript:, file:, or any
     scheme but http, https, mailto and ftp) other than a link to a place in the same page,
     and that the fixtures' allowed links are there (so that the check is not vacuous).

Needs: chromium and qpdf (Debian packages), a built pdftext (`swift build`, or --pdftext).
Exit 0 when every assertion holds, 1 when one fails, 2 when a tool is missing.

Usage: tools/a11y/check_html_a11y.py [--pdftext PATH] [--keep DIR] [--no-hostile] [PDF]
"""

import argparse, base64, glob, json, os, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PDF = os.path.join(ROOT, "Corpus", "text", "semantic-chromium.pdf")


# ---------------------------------------------------------------------------------------------
# The PDF's tags, read with qpdf's JSON

def pdf_tags(path):
    out = subprocess.run(["qpdf", "--json=2", "--json-key=qpdf", path], capture_output=True, check=True).stdout
    objects = json.loads(out)["qpdf"][1]

    def value(ref):
        if isinstance(ref, str) and ref.endswith(" R"):
            o = objects.get("obj:" + ref, {})
            return o.get("value", o.get("stream", {}).get("dict"))
        return ref

    def text(v):
        v = value(v)
        if isinstance(v, str) and v.startswith("u:"):
            return v[2:]
        if isinstance(v, str) and v.startswith("b:"):
            raw = bytes.fromhex(v[2:])
            return raw[2:].decode("utf-16-be") if raw[:2] == b"\xfe\xff" else raw.decode("latin-1")
        return None

    catalog = next(o["value"] for o in objects.values()
                   if isinstance(o.get("value"), dict) and o["value"].get("/Type") == "/Catalog")
    root = value(catalog.get("/StructTreeRoot"))
    if not isinstance(root, dict):
        sys.exit(f"{path}: not tagged (no /StructTreeRoot)")
    role_map = {k: v for k, v in (value(root.get("/RoleMap")) or {}).items()}
    standard = {"/" + t for t in "Document Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private P H "
                "H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH TD THead TBody TFoot Span Quote Note Reference "
                "BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Figure Formula Form".split()}

    def std(s):
        for _ in range(32):
            if s in standard or s not in role_map:
                return s
            s = role_map[s]
        return s

    tags = {"headings": [], "lists": [], "th": [], "figures": []}
    seen = set()

    def walk(ref, depth=0):
        if depth > 200 or (isinstance(ref, str) and ref in seen):
            return
        if isinstance(ref, str):
            seen.add(ref)
        e = value(ref)
        if isinstance(e, list):
            for k in e:
                walk(k, depth + 1)
            return
        if not isinstance(e, dict) or "/S" not in e:
            return
        s = std(e["/S"])
        kids = e.get("/K", [])
        kids = kids if isinstance(kids, list) else [kids]
        if s in {f"/H{n}" for n in range(1, 7)}:
            tags["headings"].append(int(s[2:]))
        elif s == "/L":
            tags["lists"].append(sum(1 for k in kids if isinstance(value(k), dict) and std(value(k).get("/S", "")) == "/LI"))
        elif s == "/TH":
            scope = None
            attrs = value(e.get("/A"))
            for a in (attrs if isinstance(attrs, list) else [attrs]):
                a = value(a)
                if isinstance(a, dict) and "/Scope" in a:
                    scope = a["/Scope"].lstrip("/")
            tags["th"].append(scope)
        elif s == "/Figure":
            tags["figures"].append(text(e.get("/Alt")))
        for k in kids:
            walk(k, depth + 1)

    walk(root.get("/K"))
    return tags


# ---------------------------------------------------------------------------------------------
# A minimal WebSocket client (RFC 6455) for the DevTools protocol

class WebSocket:
    def __init__(self, url):
        assert url.startswith("ws://")
        host_port, _, path = url[5:].partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("websocket handshake closed")
            response += chunk
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise ConnectionError("websocket handshake refused: " + response.split(b"\r\n")[0].decode())
        self.buffer = response.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("websocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send_text(self, text):
        payload = text.encode()
        header = bytes([0x81])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive_text(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            opcode = b0 & 0x0F
            if opcode == 8:
                raise ConnectionError("websocket closed by the browser")
            if opcode in (0, 1, 2):
                message += data
                if b0 & 0x80:
                    return message.decode()

    def call(self, method, **params):
        self.next_id += 1
        self.send_text(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.receive_text())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})


class BrowserPage:
    """Headless Chromium showing one HTML file, loaded, with a DevTools connection (`ws`)."""

    def __init__(self, html_path, profile):
        self.html_path, self.profile = html_path, profile

    def __enter__(self):
        self.proc, self.ws = open_page(self.html_path, self.profile)
        return self.ws

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def browser_tree(html_path, profile):
    with BrowserPage(html_path, profile) as ws:
        ws.call("Accessibility.enable")
        return ws.call("Accessibility.getFullAXTree")["nodes"]


# Every anchor and area with an href: what the HTML says, what the browser resolves it to, and
# the page's own address (a link to a place in the same page resolves to it plus a fragment).
ANCHORS_JS = """JSON.stringify({page: document.URL, anchors: Array.from(document.querySelectorAll('a[href], area[href]'))
    .map(a => ({href: a.getAttribute('href'), resolved: a.href, protocol: a.protocol, text: a.textContent}))})"""

ALLOWED_PROTOCOLS = {"http:", "https:", "mailto:", "ftp:"}


def browser_anchors(html_path, profile):
    with BrowserPage(html_path, profile) as ws:
        value = ws.call("Runtime.evaluate", expression=ANCHORS_JS)["result"]["value"]
        return json.loads(value)


def hostile_link_failures(binary, work):
    """Step 5: the anchors of every hostile fixture's accessible HTML. Returns the failures."""
    failures, allowed = [], 0
    for pdf in sorted(glob.glob(os.path.join(ROOT, "Corpus", "hostile", "*.pdf"))):
        name = os.path.basename(pdf)
        html_path = os.path.join(work, name + ".html")
        try:
            run = subprocess.run([binary, pdf, "--format", "html", "-o", html_path], capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f"skip {name}: pdftext took over 60 s (the hostile fixture test reports it)")
            continue
        if run.returncode != 0 or not os.path.exists(html_path):
            print(f"skip {name}: no HTML (exit {run.returncode}; the hostile fixture test judges that)")
            continue
        found = browser_anchors(html_path, os.path.join(work, "profile-" + name))
        page = found["page"].split("#")[0]
        for a in found["anchors"]:
            same_page = a["resolved"].split("#")[0] == page and a["href"].startswith("#")
            if same_page:
                continue
            if a["protocol"] in ALLOWED_PROTOCOLS:
                allowed += 1
                continue
            print(f"FAIL {name}: anchor {a['text']!r} has href {a['href']!r}, which the browser resolves to "
                  f"{a['resolved']!r} ({a['protocol']})")
            failures.append(f"{name}: {a['resolved']}")
        print(f"ok   {name}: {len(found['anchors'])} anchors, none script-capable" if not any(
            f.startswith(name + ":") for f in failures) else f"FAIL {name}")
    if allowed == 0:
        print("FAIL hostile fixtures: no allowed link at all (the fixtures' https links are missing)")
        failures.append("no allowed link")
    return failures


def open_page(html_path, profile):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--remote-debugging-port=0", f"--user-data-dir={profile}",
                             "--force-renderer-accessibility", "file://" + os.path.abspath(html_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or proc.poll() is not None:
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        page = None
        while page is None:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
            page = next((t for t in targets if t.get("type") == "page" and t.get("url", "").startswith("file:")), None)
            if page is None:
                if time.time() > deadline:
                    raise RuntimeError("chromium opened no page for the HTML file")
                time.sleep(0.1)
        ws = WebSocket(page["webSocketDebuggerUrl"])
        # The target starts as about:blank, which is "complete" before the file has loaded.
        loaded = "document.URL.startsWith('file:') && document.readyState === 'complete'"
        while ws.call("Runtime.evaluate", expression=loaded)["result"].get("value") is not True:
            if time.time() > deadline:
                raise RuntimeError("the page did not finish loading")
            time.sleep(0.1)
        return proc, ws
    except BaseException:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        raise


def ax_summary(nodes):
    """Headings (level, name), lists (item count), column/row headers, images, regions, in
    document order, from the non-ignored nodes of the accessibility tree."""
    by_id = {n["nodeId"]: n for n in nodes}
    root = next(n for n in nodes if "parentId" not in n)

    def role(n): return (n.get("role") or {}).get("value", "")
    def name(n): return ((n.get("name") or {}).get("value") or "").strip()
    def prop(n, key):
        for p in n.get("properties", []):
            if p["name"] == key:
                return p["value"].get("value")
        return None

    out = {"headings": [], "lists": [], "columnheaders": [], "rowheaders": [], "images": [], "regions": []}
    order = []

    def walk(n, depth=0):
        if depth > 500:
            return
        order.append(n)
        for c in n.get("childIds", []):
            if c in by_id:
                walk(by_id[c], depth + 1)
    walk(root)

    def items_of(n):
        count = 0
        stack = list(n.get("childIds", []))
        while stack:
            c = by_id.get(stack.pop())
            if c is None:
                continue
            if role(c) == "listitem" and not c.get("ignored"):
                count += 1
            elif role(c) != "list":
                stack.extend(c.get("childIds", []))
        return count

    for n in order:
        if n.get("ignored"):
            continue
        r = role(n)
        if r == "heading":
            out["headings"].append((int(prop(n, "level") or 0), name(n)))
        elif r == "list":
            out["lists"].append(items_of(n))
        elif r == "columnheader":
            out["columnheaders"].append(name(n))
        elif r == "rowheader":
            out["rowheaders"].append(name(n))
        elif r in ("image", "img"):
            out["images"].append(name(n))
        elif r == "region":
            out["regions"].append(name(n))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf", nargs="?", default=DEFAULT_PDF)
    ap.add_argument("--pdftext", default=None, help="the pdftext binary (default: .build/debug/pdftext, then release)")
    ap.add_argument("--keep", default=None, help="keep the HTML and the accessibility tree in this folder")
    ap.add_argument("--no-hostile", action="store_true", help="skip step 5 (the links of the hostile fixtures)")
    args = ap.parse_args()

    for tool in ("qpdf",):
        if not shutil.which(tool):
            print(f"check_html_a11y: {tool} is not installed (apt-get install {tool})", file=sys.stderr)
            return 2
    if not (shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")):
        print("check_html_a11y: chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 2
    binary = args.pdftext or next((p for p in (os.path.join(ROOT, ".build", c, "pdftext") for c in ("debug", "release"))
                                   if os.path.exists(p)), None)
    if not binary:
        print("check_html_a11y: no pdftext binary; run swift build first", file=sys.stderr)
        return 2

    work = args.keep or tempfile.mkdtemp(prefix="pdftext-a11y-")
    os.makedirs(work, exist_ok=True)
    try:
        html_path = os.path.join(work, "out.html")
        subprocess.run([binary, args.pdf, "--format", "html", "-o", html_path], check=True)
        tags = pdf_tags(args.pdf)
        nodes = browser_tree(html_path, os.path.join(work, "profile"))
        seen = ax_summary(nodes)
        if args.keep:
            json.dump({"tags": tags, "browser": seen, "nodes": nodes}, open(os.path.join(work, "ax.json"), "w"), indent=1)

        failures = []

        def check(label, expected, actual):
            ok = expected == actual
            print(f"{'ok  ' if ok else 'FAIL'} {label}: expected {expected!r}, browser has {actual!r}")
            if not ok:
                failures.append(label)

        check("heading levels in order", tags["headings"], [lvl for lvl, _ in seen["headings"]])
        check("list item counts", tags["lists"], seen["lists"])
        check("table header cells", len(tags["th"]), len(seen["columnheaders"]) + len(seen["rowheaders"]))
        check("column headers (Scope Column)", sum(1 for s in tags["th"] if s == "Column"), len(seen["columnheaders"]))
        check("row headers (Scope Row)", sum(1 for s in tags["th"] if s == "Row"), len(seen["rowheaders"]))
        check("image names (Figure /Alt)", [a for a in tags["figures"] if a], seen["images"])
        pages = int(subprocess.run(["qpdf", "--show-npages", args.pdf], capture_output=True, text=True).stdout.strip() or 0)
        check("page landmarks", [f"Page {i + 1}" for i in range(pages)], seen["regions"])
        if os.path.abspath(args.pdf) == os.path.abspath(DEFAULT_PDF):
            sys.path.insert(0, os.path.join(ROOT, "tools", "corpus"))
            import make_semantic_fixture as F
            check("heading names", [F.TITLE, F.FINDINGS, F.TIDES, F.METHODS], [n for _, n in seen["headings"]])
            check("column header names", F.HEADER, seen["columnheaders"])
            check("row header names", [r[0] for r in F.ROWS], seen["rowheaders"])
            check("image name", [F.ALT], seen["images"])
        if not args.no_hostile:
            failures += hostile_link_failures(binary, work)
        print(f"check_html_a11y: {len(failures)} of the checks failed" if failures else "check_html_a11y: all checks passed")
        return 1 if failures else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
