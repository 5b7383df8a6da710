// The PDFs of the preview and the editor: one pane per language, each page an image the
// server draws with PDFium (cvtex/live/pageimages.py) at the pane's width. Each image comes
// with the digest of its pixels: when a new PDF is built, a pane loads only the pages that
// look different (the server sends the digests of the pages it drew ahead), and only those
// on or near the screen; the others when they are scrolled to. Pages are changed in place,
// once all of them are loaded: the pane keeps its place while the PDF is rebuilt under it.
// show() resolves once every pane shows what the state asks for, so that a page can time
// a keystroke or a save to the PDFs shown, and tell the server it shows them.
"use strict";

const SHOWN_RATIO = 0.25; // of a pane on screen, to count as shown

export class Panes {
  // words(key, params): the page's words (open_pdf, build_failed, pdf_of, page_of, behind).
  // options.drawn(pane, item, changed): called once a pane's pages are drawn, with the
  // pages (sheets) that changed: the preview lays their text over them.
  // options.visible(languages): called when the set of panes on screen changes.
  constructor(container, template, words, options = {}) {
    this.container = container;
    this.template = template;
    this.words = words;
    this.options = options;
    this.drawing = new Map(); // lang -> the promise of its pages being drawn
    this.items = new Map(); // lang -> the state's pane, to draw again at another width
    this.onScreen = new Map(); // lang -> how much of its pane is on screen
    this.observer = new IntersectionObserver((entries) => this.seen(entries), {
      root: container,
      threshold: [0, SHOWN_RATIO, 0.5, 1],
    });
    let resizing = 0;
    window.addEventListener("resize", () => {
      clearTimeout(resizing);
      resizing = setTimeout(() => this.redrawAll(), 200);
    });
  }

  paneFor(lang) {
    let pane = this.container.querySelector(`.pane[data-lang="${CSS.escape(lang)}"]`);
    if (!pane) {
      pane = this.template.content.firstElementChild.cloneNode(true);
      pane.dataset.lang = lang;
      this.container.append(pane);
      if (lang) this.observer.observe(pane);
      let scrolling = 0;
      pane.querySelector(".pages").addEventListener("scroll", () => {
        clearTimeout(scrolling);
        scrolling = setTimeout(() => this.drawNear(pane), 60);
      });
    }
    return pane;
  }

  // The languages whose panes are on screen.
  visible() {
    return [...this.onScreen].filter(([, ratio]) => ratio >= SHOWN_RATIO).map(([lang]) => lang);
  }

  seen(entries) {
    const before = this.visible().join(",");
    for (const entry of entries) this.onScreen.set(entry.target.dataset.lang, entry.intersectionRatio);
    if (this.visible().join(",") !== before) this.options.visible?.(this.visible());
  }

  relabel(words) {
    this.words = words;
    for (const pane of this.container.querySelectorAll(".pane")) this.label(pane);
  }

  label(pane) {
    pane.querySelector(".open").textContent = this.words("open_pdf");
    pane.querySelector(".error p").textContent = this.words("build_failed");
    const behind = pane.querySelector(".behind");
    if (behind) behind.textContent = this.words("behind");
    pane.setAttribute("aria-label", this.words("pdf_of", { language: pane.dataset.title || "" }));
  }

  // Shows the state; resolves when each pane shows the PDF it names (or its error).
  show(state) {
    const wanted = new Set(state.panes.map((pane) => pane.lang));
    for (const old of this.container.querySelectorAll(".pane")) {
      if (!wanted.has(old.dataset.lang)) {
        this.observer.unobserve(old);
        this.onScreen.delete(old.dataset.lang);
        old.remove();
      }
    }
    const done = [];
    // Every pane in place first, in the state's order: a pane's width, which its pages are
    // drawn at, depends on how many there are; a pane is moved only if out of order, since
    // a move loses its place.
    state.panes.forEach((item, index) => {
      const pane = this.paneFor(item.lang);
      if (this.container.children[index] !== pane) {
        this.container.insertBefore(pane, this.container.children[index] || null);
      }
    });
    state.panes.forEach((item) => {
      const pane = this.paneFor(item.lang);
      pane.dataset.title = item.title;
      pane.querySelector(".title").textContent = item.title;
      pane.classList.toggle("is-behind", Boolean(item.behind));
      this.label(pane);
      const link = pane.querySelector(".open");
      link.href = item.url; // the cookie lets it in: no token in the browser's history
      link.hidden = !item.version;
      const error = pane.querySelector(".error");
      error.hidden = !item.error;
      error.querySelector("pre").textContent = item.error || "";
      const visible = !item.error && Boolean(item.version) && Boolean(item.pages?.length);
      // Hidden only by an error: a pane waiting for its first PDF keeps its width.
      pane.querySelector(".pages").hidden = Boolean(item.error);
      if (!visible) return;
      this.items.set(item.lang, item);
      const address = `${item.url}?v=${item.version}`;
      if (pane.dataset.wanted !== address) {
        pane.dataset.wanted = address;
        this.drawing.set(item.lang, this.draw(pane, item, address));
      }
      done.push(this.drawing.get(item.lang) || Promise.resolve());
    });
    return Promise.all(done);
  }

  redrawAll() {
    for (const pane of this.container.querySelectorAll(".pane")) {
      const item = this.items.get(pane.dataset.lang);
      if (item && pane.dataset.wanted) this.draw(pane, item, pane.dataset.wanted);
    }
  }

  // The pixels a page is drawn at in this pane: its width, times the screen's pixel ratio.
  widthOf(pane) {
    const shown = pane.querySelector(".pages");
    const width = Math.max(200, (shown.clientWidth || pane.clientWidth) - 24);
    return { width, pixels: Math.round(width * (window.devicePixelRatio || 1)) };
  }

  // The PDF at ``address`` drawn into the pane: its sheets sized, then the pages on or near
  // the screen that look different loaded, and put in place together; a newer PDF asked
  // for meanwhile wins.
  async draw(pane, item, address) {
    const shown = pane.querySelector(".pages");
    const { width, pixels } = this.widthOf(pane);
    const sheets = [...shown.querySelectorAll(":scope > .page")];
    while (sheets.length > item.pages.length) sheets.pop().remove();
    while (sheets.length < item.pages.length) {
      const sheet = document.createElement("div");
      sheet.className = "page";
      const image = new Image();
      image.style.width = "100%";
      sheet.append(image);
      shown.append(sheet);
      sheets.push(sheet);
    }
    item.pages.forEach(([pageWidth, pageHeight], index) => {
      const sheet = sheets[index];
      sheet.style.width = `${width}px`;
      sheet.style.height = `${Math.round((width * pageHeight) / pageWidth)}px`;
      sheet.querySelector("img").alt = this.words("page_of", {
        page: index + 1,
        total: item.pages.length,
        language: item.title,
      });
      // What this page should show: the PDF's version, and its digest if drawn ahead.
      const ahead = item.ahead && item.ahead.width === pixels ? item.ahead.digests[String(index + 1)] : null;
      sheet.dataset.want = `${item.version}|${pixels}|${ahead || ""}`;
    });
    await this.drawNear(pane, item);
  }

  // Loads the pages near the screen whose image is not what they should show.
  async drawNear(pane, item = this.items.get(pane.dataset.lang)) {
    if (!item) return;
    const address = pane.dataset.wanted;
    const shown = pane.querySelector(".pages");
    const stem = item.url.replace(/^\//, "");
    const top = shown.scrollTop;
    const bottom = top + (shown.clientHeight || window.innerHeight);
    const margin = shown.clientHeight || window.innerHeight;
    const loads = [];
    [...shown.querySelectorAll(":scope > .page")].forEach((sheet, index) => {
      const [version, pixels, ahead] = sheet.dataset.want.split("|");
      const has = sheet.dataset.has || "";
      if (has === `${version}|${pixels}`) return; // drawn already
      if (sheet.offsetTop > bottom + margin || sheet.offsetTop + sheet.offsetHeight < top - margin) return;
      if (ahead && sheet.dataset.digest === ahead && sheet.dataset.pixels === pixels) {
        sheet.dataset.has = `${version}|${pixels}`; // the same pixels as shown: nothing to load
        return;
      }
      loads.push(this.load(`/page/${encodeURIComponent(stem)}/${index + 1}.png?v=${version}&w=${pixels}`, sheet, version, pixels));
    });
    const loaded = (await Promise.all(loads)).filter(Boolean);
    if (pane.dataset.wanted !== address) return;
    const changed = [];
    for (const { sheet, image, digest, version, pixels } of loaded) {
      if (!sheet.isConnected) continue;
      sheet.dataset.has = `${version}|${pixels}`;
      if (digest && digest === sheet.dataset.digest && pixels === sheet.dataset.pixels) {
        URL.revokeObjectURL(image.src);
        continue; // it looked the same after all
      }
      const old = sheet.querySelector("img");
      image.alt = old.alt;
      image.style.width = "100%";
      old.replaceWith(image);
      if (old.src.startsWith("blob:")) URL.revokeObjectURL(old.src);
      sheet.dataset.digest = digest;
      sheet.dataset.pixels = pixels;
      changed.push(sheet);
    }
    pane.dataset.shown = address;
    if (changed.length) this.options.drawn?.(pane, item, changed);
  }

  async load(url, sheet, version, pixels) {
    try {
      const reply = await fetch(url);
      if (!reply.ok) return null;
      const digest = reply.headers.get("X-Page-Digest") || "";
      const image = new Image();
      image.src = URL.createObjectURL(await reply.blob());
      await image.decode();
      return { sheet, image, digest, version, pixels };
    } catch {
      return null;
    }
  }
}
