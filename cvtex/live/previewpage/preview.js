// The preview page: one pane per language, kept in step with the server's state, which
// arrives as server-sent events (the whole state each time; the first on connecting).
//
// With the "pages" viewer (Debian's pdf.js, libjs-pdf, served beside this script), a pane
// draws its PDF's pages itself and keeps its place when a new PDF comes: the new pages are
// drawn off screen, then put where the old ones were, scrolled as far; each page carries its
// text (pdf.js's text layer), so that it can be selected and found. With "browser", a
// pane is the browser's own PDF viewer, which starts again at the top of each new PDF.
"use strict";

const panes = document.getElementById("panes");
const status = document.getElementById("status");
const pdfjsLoaded = typeof pdfjsLib === "undefined" ? null : pdfjsLib;
if (pdfjsLoaded) pdfjsLoaded.GlobalWorkerOptions.workerSrc = "/pdfjs/pdf.worker.js";
let pdfjs = null; // pdf.js, when the state asks for drawn pages and it is there

function paneFor(lang) {
  let pane = panes.querySelector(`.pane[data-lang="${CSS.escape(lang)}"]`);
  if (!pane) {
    pane = document.getElementById("pane").content.firstElementChild.cloneNode(true);
    pane.dataset.lang = lang;
    panes.append(pane);
  }
  return pane;
}

function show(state) {
  document.getElementById("profile").textContent = state.profile;
  status.textContent = state.summary;
  // What the build warns of (entries no section shows, texts that fall back), as
  // `cvtex build` prints it: the preview shows every output, so it names what they lack.
  const warnings = document.getElementById("warnings");
  warnings.textContent = (state.warnings || []).map((line) => `warning: ${line}`).join("\n");
  warnings.hidden = !warnings.textContent;
  pdfjs = state.viewer === "pages" ? pdfjsLoaded : null;
  const wanted = new Set(state.panes.map((pane) => pane.lang));
  for (const old of panes.querySelectorAll(".pane")) {
    if (!wanted.has(old.dataset.lang)) old.remove();
  }
  state.panes.forEach((item, index) => {
    const pane = paneFor(item.lang);
    // In the state's order; moved only if out of it, since a move loses the scroll position.
    if (panes.children[index] !== pane) panes.insertBefore(pane, panes.children[index] || null);
    pane.querySelector(".title").textContent = item.title;
    const link = pane.querySelector(".open");
    link.href = item.url;
    link.hidden = !item.version;
    const error = pane.querySelector(".error");
    error.hidden = !item.error;
    error.querySelector("pre").textContent = item.error || "";
    const visible = !item.error && Boolean(item.version);
    const address = `${item.url}?v=${item.version}`;
    if (pdfjs) {
      pane.querySelector("iframe").hidden = true;
      pane.querySelector(".pages").hidden = !visible;
      if (visible && pane.dataset.wanted !== address) {
        pane.dataset.wanted = address;
        draw(pane, address);
      }
    } else {
      const frame = pane.querySelector("iframe");
      frame.hidden = !visible;
      if (visible && pane.dataset.shown !== address) {
        // A new address, so that the browser's viewer loads the new PDF.
        pane.dataset.shown = address;
        frame.src = `${address}#view=FitH&navpanes=0`;
      }
    }
  });
}

// Draws the PDF at ``address`` into a pane, then swaps it for the pages shown, at the same
// scroll position; a newer PDF asked for meanwhile wins, and this one is dropped.
async function draw(pane, address) {
  let pdf;
  try {
    pdf = await pdfjs.getDocument({ url: address, isEvalSupported: false }).promise;
  } catch (failure) {
    if (pane.dataset.wanted === address) status.textContent = `could not read ${address}: ${failure}`;
    return;
  }
  // Measured now, once every pane of this state is in the page.
  // The width with room for a scroll bar, whether or not there is one yet: so the pages
  // drawn again come out the same size, and the place kept is the same place.
  const shown = pane.querySelector(".pages");
  const width = (shown.offsetWidth || pane.clientWidth) - 32;
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
      // The page's text, transparent over the drawing: to select, copy and find (Ctrl+F).
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

// A narrower or wider window: the pages are drawn again to the panes' new width.
let resizing = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    if (!pdfjs) return;
    for (const pane of panes.querySelectorAll(".pane")) {
      if (pane.dataset.shown) draw(pane, pane.dataset.shown);
    }
  }, 200);
});

const events = new EventSource("/events");
events.onmessage = (message) => {
  document.getElementById("offline").hidden = true;
  show(JSON.parse(message.data));
};
events.onerror = () => {
  // The browser tries again by itself; until then, say why nothing changes.
  document.getElementById("offline").hidden = false;
};
