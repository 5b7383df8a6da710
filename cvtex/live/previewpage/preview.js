// The preview page: one pane per language, kept in step with the server's state, which
// arrives as server-sent events (the whole state each time; the first on connecting).
//
// With the "pages" viewer (the default), a pane shows its PDF's pages as images the server
// draws (panes.js): a new PDF loads only the pages that changed, where the pane was. With
// Debian's pdf.js (libjs-pdf, served beside this script) each page then carries its text
// (pdf.js's text layer, laid over the image once it is shown), to select and find. With
// "browser", a pane is the browser's own PDF viewer, which starts again at the top of each
// new PDF. The page tells the server which build it shows: the server starts its next
// XeLaTeX engines once the page has drawn the new PDFs, not while it draws them.
import { Panes } from "./panes.js";

const WORDS = {
  open_pdf: "open the PDF",
  build_failed: "The last build failed; this pane shows the PDF again after the next good build.",
  pdf_of: "The PDF in {language}",
  page_of: "Page {page} of {total}, {language}",
  behind: "not rebuilt yet: once the other panes show theirs",
};
const PAGE = `page-${Math.random().toString(36).slice(2, 10)}`;

function words(key, params = {}) {
  return (WORDS[key] || key).replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

const container = document.getElementById("panes");
const status = document.getElementById("status");
const pdfjs = typeof pdfjsLib === "undefined" ? null : pdfjsLib;
if (pdfjs) pdfjs.GlobalWorkerOptions.workerSrc = "/pdfjs/pdf.worker.js";
const panes = new Panes(container, document.getElementById("pane"), words, { drawn: layText, visible: tell });
let drawnNumber = 0;
let told = "";

function show(state) {
  document.getElementById("profile").textContent = state.profile;
  status.textContent = state.summary;
  // What the build warns of (entries no section shows, texts that fall back), as
  // `cvtex build` prints it: the preview shows every output, so it names what they lack.
  const warnings = document.getElementById("warnings");
  warnings.textContent = (state.warnings || []).map((line) => `warning: ${line}`).join("\n");
  warnings.hidden = !warnings.textContent;
  if (state.viewer === "browser") {
    showFrames(state);
    return;
  }
  for (const frame of container.querySelectorAll("iframe")) frame.hidden = true;
  panes.show(state).then(() => {
    drawnNumber = Math.max(drawnNumber, state.number);
    shown(state);
    tell();
  });
}

// The build the page shows, and how long after its end (the server's clock is this
// machine's): what the benchmark reads.
function shown(state) {
  if (!state.ended || Number(document.body.dataset.shownNumber || 0) >= state.number) return;
  document.body.dataset.shownNumber = String(state.number);
  document.body.dataset.shownAt = String((performance.timeOrigin + performance.now()) / 1000);
  document.body.dataset.shownAfter = Math.max(0, Date.now() / 1000 - state.ended).toFixed(3);
}

// The browser's own viewer in each pane: a new address for each new PDF, so that it loads.
function showFrames(state) {
  panes.show({ ...state, panes: state.panes.map((item) => ({ ...item, pages: [] })) });
  for (const item of state.panes) {
    const pane = panes.paneFor(item.lang);
    const frame = pane.querySelector("iframe");
    const visible = !item.error && Boolean(item.version);
    pane.querySelector(".pages").hidden = true;
    frame.hidden = !visible;
    const address = `${item.url}?v=${item.version}`;
    if (visible && pane.dataset.shown !== address) {
      pane.dataset.shown = address;
      frame.src = `${address}#view=FitH&navpanes=0`;
    }
  }
  drawnNumber = Math.max(drawnNumber, state.number);
  shown(state);
  tell();
}

// The text of the pages just drawn, transparent over their images: to select, copy and find
// (Ctrl+F). Laid once the images are shown: it is not what the person waits for.
async function layText(pane, item, sheets) {
  if (!pdfjs) return;
  const address = pane.dataset.wanted;
  let pdf;
  try {
    pdf = await pdfjs.getDocument({ url: address, isEvalSupported: false }).promise;
  } catch {
    return;
  }
  try {
    for (const sheet of sheets) {
      if (pane.dataset.wanted !== address || !sheet.isConnected) return;
      const number = [...sheet.parentElement.children].indexOf(sheet) + 1;
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: sheet.clientWidth / page.getViewport({ scale: 1 }).width });
      const text = document.createElement("div");
      text.className = "textLayer";
      await pdfjs.renderTextLayer({ textContent: await page.getTextContent(), container: text, viewport, textDivs: [] }).promise;
      sheet.querySelector(".textLayer")?.remove();
      sheet.append(text);
    }
  } finally {
    pdf.destroy();
  }
}

// Which panes are on screen, and the last build they show.
function tell() {
  const shown = panes.visible();
  const now = `${shown.join(",")}|${drawnNumber}`;
  if (now === told) return;
  told = now;
  fetch("/api/view", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ page: PAGE, shown, drawn: drawnNumber }),
  }).catch(() => {
    told = "";
  });
}

const events = new EventSource(`/events?page=${PAGE}`);
events.onmessage = (message) => {
  document.getElementById("offline").hidden = true;
  show(JSON.parse(message.data));
};
events.onerror = () => {
  // The browser tries again by itself; until then, say why nothing changes.
  document.getElementById("offline").hidden = false;
};
