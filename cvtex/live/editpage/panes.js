// The PDFs beside the form: one pane per language, each page an image the server draws
// with PDFium (cvtex/live/pageimages.py) at the pane's width. A new PDF's pages are loaded
// off screen, then put where the old ones were, scrolled as far: the pane keeps its place
// while the PDF is rebuilt under it. show() resolves once every pane shows what the state
// asks for, so that the page can time a keystroke to both PDFs.
"use strict";

export class Panes {
  constructor(container, template, words) {
    this.container = container;
    this.template = template;
    this.words = words;
    this.drawing = new Map(); // lang -> the promise of its pages being loaded
    this.items = new Map(); // lang -> the state's pane, to draw again at another width
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
    }
    return pane;
  }

  relabel(words) {
    this.words = words;
    for (const pane of this.container.querySelectorAll(".pane")) this.label(pane);
  }

  label(pane) {
    pane.querySelector(".open").textContent = this.words("open_pdf");
    pane.querySelector(".error p").textContent = this.words("build_failed");
    pane.setAttribute("aria-label", this.words("pdf_of", { language: pane.dataset.title || "" }));
  }

  // Shows the state; resolves when each pane shows the PDF it names (or its error).
  show(state) {
    const wanted = new Set(state.panes.map((pane) => pane.lang));
    for (const old of this.container.querySelectorAll(".pane")) {
      if (!wanted.has(old.dataset.lang)) old.remove();
    }
    const done = [];
    // Every pane in place first: a pane's width, which its pages are drawn at, depends on
    // how many there are.
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
      if (item && pane.dataset.shown) this.draw(pane, item, pane.dataset.shown);
    }
  }

  // Loads the pages of the PDF at ``address`` off screen, then swaps them for the pages
  // shown, at the same scroll position; a newer PDF asked for meanwhile wins.
  async draw(pane, item, address) {
    const shown = pane.querySelector(".pages");
    const width = Math.max(200, (shown.clientWidth || pane.clientWidth) - 24);
    const pixels = Math.round(width * (window.devicePixelRatio || 1));
    const stem = item.url.replace(/^\//, "");
    const fresh = shown.cloneNode(false);
    const loading = item.pages.map(([pageWidth, pageHeight], index) => {
      const sheet = document.createElement("div");
      sheet.className = "page";
      sheet.style.width = `${width}px`;
      sheet.style.height = `${Math.round((width * pageHeight) / pageWidth)}px`;
      const image = new Image();
      image.alt = this.words("page_of", { page: index + 1, total: item.pages.length, language: item.title });
      image.src = `/page/${encodeURIComponent(stem)}/${index + 1}.png?v=${item.version}&w=${pixels}`;
      image.style.width = "100%";
      sheet.append(image);
      fresh.append(sheet);
      return image.decode().catch(() => undefined);
    });
    await Promise.all(loading);
    if (pane.dataset.wanted !== address) return;
    const current = pane.querySelector(".pages");
    const top = current.scrollTop;
    fresh.hidden = current.hidden;
    current.replaceWith(fresh);
    fresh.scrollTop = top;
    pane.dataset.shown = address;
  }
}
