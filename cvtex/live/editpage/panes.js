// The PDFs beside the form: one pane per language, as the preview draws them (see
// previewpage/preview.js). With Debian's pdf.js a pane draws its PDF's pages itself, off
// screen, then puts them where the old ones were, scrolled as far: the pane keeps its place
// while the PDF is rebuilt under it. show() resolves once every pane has drawn what the
// state asks for, so that the page can time a keystroke to both PDFs.
"use strict";

const pdfjsLoaded = typeof pdfjsLib === "undefined" ? null : pdfjsLib;
if (pdfjsLoaded) pdfjsLoaded.GlobalWorkerOptions.workerSrc = "/pdfjs/pdf.worker.js";

export class Panes {
  constructor(container, template, words) {
    this.container = container;
    this.template = template;
    this.words = words;
    this.pdfjs = null;
    this.drawing = new Map(); // lang -> the promise of the pages being drawn
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
    this.pdfjs = state.viewer === "pages" ? pdfjsLoaded : null;
    const wanted = new Set(state.panes.map((pane) => pane.lang));
    for (const old of this.container.querySelectorAll(".pane")) {
      if (!wanted.has(old.dataset.lang)) old.remove();
    }
    const done = [];
    state.panes.forEach((item, index) => {
      const pane = this.paneFor(item.lang);
      if (this.container.children[index] !== pane) {
        this.container.insertBefore(pane, this.container.children[index] || null);
      }
      pane.dataset.title = item.title;
      pane.querySelector(".title").textContent = item.title;
      this.label(pane);
      const link = pane.querySelector(".open");
      link.href = item.url;
      link.hidden = !item.version;
      const error = pane.querySelector(".error");
      error.hidden = !item.error;
      error.querySelector("pre").textContent = item.error || "";
      const visible = !item.error && Boolean(item.version);
      const address = `${item.url}?v=${item.version}`;
      if (!visible) return;
      if (this.pdfjs) {
        pane.querySelector("iframe").hidden = true;
        pane.querySelector(".pages").hidden = false;
        if (pane.dataset.wanted !== address) {
          pane.dataset.wanted = address;
          this.drawing.set(item.lang, this.draw(pane, address));
        }
        done.push(this.drawing.get(item.lang) || Promise.resolve());
      } else {
        const frame = pane.querySelector("iframe");
        frame.hidden = false;
        if (pane.dataset.shown !== address) {
          pane.dataset.shown = address;
          frame.title = item.title;
          done.push(new Promise((resolve) => frame.addEventListener("load", resolve, { once: true })));
          frame.src = `${address}#view=FitH&navpanes=0`;
        }
      }
    });
    return Promise.all(done);
  }

  redrawAll() {
    if (!this.pdfjs) return;
    for (const pane of this.container.querySelectorAll(".pane")) {
      if (pane.dataset.shown) this.draw(pane, pane.dataset.shown);
    }
  }

  // Draws the PDF at ``address`` off screen, then swaps it for the pages shown, at the same
  // scroll position; a newer PDF asked for meanwhile wins, and this one is dropped.
  async draw(pane, address) {
    const pdfjs = this.pdfjs;
    let pdf;
    try {
      pdf = await pdfjs.getDocument({ url: address, isEvalSupported: false }).promise;
    } catch (failure) {
      return;
    }
    const shown = pane.querySelector(".pages");
    const width = Math.max(200, (shown.offsetWidth || pane.clientWidth) - 32);
    const fresh = shown.cloneNode(false);
    const ratio = window.devicePixelRatio || 1;
    try {
      for (let number = 1; number <= pdf.numPages; number++) {
        const page = await pdf.getPage(number);
        const scale = width / page.getViewport({ scale: 1 }).width;
        const onScreen = page.getViewport({ scale });
        const viewport = page.getViewport({ scale: scale * ratio });
        const sheet = document.createElement("div");
        sheet.className = "page";
        sheet.style.width = `${Math.floor(onScreen.width)}px`;
        sheet.style.height = `${Math.floor(onScreen.height)}px`;
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = sheet.style.width;
        await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
        const text = document.createElement("div");
        text.className = "textLayer";
        await pdfjs.renderTextLayer({
          textContent: await page.getTextContent(),
          container: text,
          viewport: onScreen,
          textDivs: [],
        }).promise;
        sheet.append(canvas, text);
        fresh.append(sheet);
        if (pane.dataset.wanted !== address) return;
      }
    } finally {
      pdf.destroy();
    }
    const current = pane.querySelector(".pages");
    const top = current.scrollTop;
    fresh.hidden = current.hidden;
    current.replaceWith(fresh);
    fresh.scrollTop = top;
    pane.dataset.shown = address;
  }
}
