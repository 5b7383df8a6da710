// The preview page: one pane per language, kept in step with the server's state, which
// arrives as server-sent events (the whole state each time; the first on connecting).
"use strict";

const panes = document.getElementById("panes");
const status = document.getElementById("status");

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
  const wanted = new Set(state.panes.map((pane) => pane.lang));
  for (const old of panes.querySelectorAll(".pane")) {
    if (!wanted.has(old.dataset.lang)) old.remove();
  }
  for (const item of state.panes) {
    const pane = paneFor(item.lang);
    panes.append(pane); // in the state's order
    pane.querySelector(".title").textContent = item.title;
    const link = pane.querySelector(".open");
    link.href = item.url;
    link.hidden = !item.version;
    const frame = pane.querySelector("iframe");
    const error = pane.querySelector(".error");
    error.hidden = !item.error;
    error.querySelector("pre").textContent = item.error || "";
    frame.hidden = Boolean(item.error) || !item.version;
    if (!frame.hidden && frame.dataset.version !== String(item.version)) {
      // A new address, so that the browser's viewer loads the new PDF.
      frame.dataset.version = String(item.version);
      frame.src = `${item.url}?v=${item.version}#view=FitH&navpanes=0`;
    }
  }
}

const events = new EventSource("/events");
events.onmessage = (message) => {
  document.getElementById("offline").hidden = true;
  show(JSON.parse(message.data));
};
events.onerror = () => {
  // The browser tries again by itself; until then, say why nothing changes.
  document.getElementById("offline").hidden = false;
};
